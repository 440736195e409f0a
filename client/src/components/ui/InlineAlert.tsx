import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { theme } from '../../theme/theme.ts';

export type AlertTone = 'error' | 'info' | 'success' | 'warning';

const toneColours: Record<AlertTone, { background: string; border: string; text: string }> = {
  error: { background: theme.colors.dangerSoft, border: theme.colors.danger, text: theme.colors.danger },
  info: { background: theme.colors.primarySoft, border: theme.colors.primary, text: theme.colors.text },
  success: { background: theme.colors.successSoft, border: theme.colors.success, text: theme.colors.success },
  warning: { background: theme.colors.warningSoft, border: theme.colors.warning, text: theme.colors.text },
};

/**
 * A message inside the page. Errors use role="alert" so screen readers announce them at once;
 * the other tones are polite status updates.
 */
export function InlineAlert({ tone, children }: { tone: AlertTone; children: ReactNode }) {
  const colours = toneColours[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      css={css`
        padding: 0.75rem 1rem;
        border-inline-start: 4px solid ${colours.border};
        border-radius: ${theme.radii.small};
        background: ${colours.background};
        color: ${colours.text};
        font-size: ${theme.fontSizes.small};
      `}
    >
      {children}
    </div>
  );
}
