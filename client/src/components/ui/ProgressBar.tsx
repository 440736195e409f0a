import { css } from '@emotion/react';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';

const trackStyles = css`
  width: 100%;
  height: 0.5rem;
  overflow: hidden;
  border-radius: ${theme.radii.round};
  background: ${theme.colors.border};
`;

const fillStyles = css`
  height: 100%;
  border-radius: inherit;
  background: ${theme.colors.primary};
  transition: width 200ms ease;
`;

/** A whole percent from a part and a total; 0 when there is nothing to count. */
export function percentOf(part: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((part / total) * 100)));
}

interface ProgressBarProps {
  /** 0 to 100. */
  percent: number;
  /** The accessible name, e.g. "Verification Progress". */
  label: string;
  /** Read out instead of the bare percent, e.g. "3 of 10 images". */
  valueText?: string;
}

/** A thin bar with role="progressbar", so screen readers announce the label and value. */
export function ProgressBar({ percent, label, valueText }: ProgressBarProps) {
  const { t } = useT();
  const clamped = Math.min(100, Math.max(0, Math.round(percent)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-valuetext={valueText ? t('app.ui.progressValue', { text: valueText, share: clamped / 100 }) : undefined}
      css={trackStyles}
    >
      <div css={fillStyles} style={{ width: `${clamped}%` }} />
    </div>
  );
}
