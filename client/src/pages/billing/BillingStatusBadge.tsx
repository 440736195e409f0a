import { css } from '@emotion/react';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';
import { billingStatusLabel, billingStatusTone, type StatusTone } from './billingStatusDisplay.ts';

const toneColours: Record<StatusTone, { background: string; color: string }> = {
  paid: { background: theme.colors.successSoft, color: theme.colors.success },
  pending: { background: theme.colors.warningSoft, color: theme.colors.warning },
  failed: { background: theme.colors.dangerSoft, color: theme.colors.danger },
  credited: { background: theme.colors.primarySoft, color: theme.colors.primary },
  neutral: { background: theme.colors.surfaceMuted, color: theme.colors.text },
};

/** A billing row's status in the words and colour of spec section 4; `data-tone` names the colour. */
export function BillingStatusBadge({ status }: { status: string }) {
  const translator = useT();
  const tone = billingStatusTone(status);
  const colours = toneColours[tone];
  return (
    <span
      data-tone={tone}
      css={css`
        display: inline-block;
        padding: 0.125rem 0.5rem;
        border-radius: ${theme.radii.round};
        background: ${colours.background};
        color: ${colours.color};
        font-size: 0.75rem;
        font-weight: 600;
        white-space: nowrap;
      `}
    >
      {billingStatusLabel(status, translator)}
    </span>
  );
}
