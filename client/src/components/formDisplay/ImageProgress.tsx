/** A form's image progress (dashboard cards, the owner's header), worded in the language in use. */
import { css } from '@emotion/react';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';
import { ProgressBar, percentOf } from '../ui/ProgressBar.tsx';

const headerStyles = css`
  display: flex;
  justify-content: space-between;
  gap: 0.75rem;
  font-size: ${theme.fontSizes.small};
`;

const labelStyles = css`
  font-weight: 600;
`;

const countStyles = css`
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
`;

const wrapperStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.375rem;
`;

interface ImageProgressProps {
  label: string;
  completedImages: number;
  totalImages: number;
}

/** "{label} … 40%" over a bar, then "{completed} of {total} images": dashboard cards and the owner header. */
export function ImageProgress({ label, completedImages, totalImages }: ImageProgressProps) {
  const { t } = useT();
  const percent = percentOf(completedImages, totalImages);
  const count = t('common.imageProgress.count', { completed: completedImages, total: totalImages });
  return (
    <div css={wrapperStyles}>
      <div css={headerStyles}>
        <span css={labelStyles}>{label}</span>
        <span>{t('common.percent', { value: percent / 100 })}</span>
      </div>
      <ProgressBar percent={percent} label={label} valueText={count} />
      <span css={countStyles}>{count}</span>
    </div>
  );
}
