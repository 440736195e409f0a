import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { theme } from '../../theme/theme.ts';

export type BadgeTone = 'neutral' | 'primary' | 'success' | 'muted';

const toneStyles: Record<BadgeTone, { background: string; color: string; border: string }> = {
  neutral: { background: theme.colors.surfaceMuted, color: theme.colors.text, border: theme.colors.border },
  primary: { background: theme.colors.primarySoft, color: theme.colors.primary, border: theme.colors.primarySoft },
  success: { background: theme.colors.successSoft, color: theme.colors.success, border: theme.colors.successSoft },
  muted: { background: theme.colors.surface, color: theme.colors.textMuted, border: theme.colors.border },
};

/** The look of a badge, also used by badges that are buttons (the owner page's Active/Inactive). */
export function badgeStyles(tone: BadgeTone) {
  const colours = toneStyles[tone];
  return css`
    display: inline-flex;
    align-items: center;
    gap: 0.25rem;
    padding: 0.125rem 0.625rem;
    border: 1px solid ${colours.border};
    border-radius: ${theme.radii.round};
    background: ${colours.background};
    color: ${colours.color};
    font-size: 0.75rem;
    font-weight: 600;
    line-height: 1.5;
    white-space: nowrap;
  `;
}

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span css={badgeStyles(tone)}>{children}</span>;
}
