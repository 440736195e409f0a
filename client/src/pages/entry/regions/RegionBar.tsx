/**
 * Above the entry viewer when the form has field regions: which field's part of the page is shown,
 * the 'whole page' toggle (also Alt+W), and — for the owner, or a contributor when the owner
 * allows it — buttons that shift every box on this image at once, saved for the image. The shift
 * arrows are directions on the scan (never mirrored), so they stay as drawn in Arabic too.
 */
import { css } from '@emotion/react';
import type { RegionShift } from '@formscribe/common/schemas/regions';
import { useSetImageShift } from '../../../api/regions.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { useT } from '../../../i18n/useT.ts';
import { theme } from '../../../theme/theme.ts';
import type { RegionFocusState } from './useRegionFocus.ts';

/** One press moves every box this much of the page. */
const SHIFT_STEP = 0.005;
const MAX_SHIFT = 0.5;

const barStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.375rem 0.75rem;
  font-size: ${theme.fontSizes.small};
`;

const shiftGroupStyles = css`
  display: inline-flex;
  align-items: center;
  gap: 0.25rem;
  margin: 0;
  padding: 0;
  border: 0;
  legend {
    float: inline-start;
    margin-inline-end: 0.25rem;
  }
`;

const shiftButtonsStyles = css`
  display: inline-flex;
  gap: 0.25rem;
`;

const clampShift = (value: number) => Math.round(Math.min(MAX_SHIFT, Math.max(-MAX_SHIFT, value)) * 10000) / 10000;

interface RegionBarProps {
  imageId: number;
  regions: RegionFocusState;
  shift: RegionShift | null | undefined;
  canShift: boolean;
}

export function RegionBar({ imageId, regions, shift, canShift }: RegionBarProps) {
  const { t } = useT();
  const setShift = useSetImageShift(imageId);
  const move = (dx: number, dy: number) =>
    setShift.mutate({ dx: clampShift((shift?.dx ?? 0) + dx), dy: clampShift((shift?.dy ?? 0) + dy) });

  return (
    <div css={barStyles}>
      <span aria-live="polite" data-testid="region-status">
        {regions.focus
          ? t('entry.regions.showing', { field: regions.focus.label })
          : t('entry.regions.showingWholePage')}
      </span>
      <Button variant="secondary" aria-pressed={regions.wholePage} onClick={regions.toggleWholePage}>
        {t('entry.regions.wholePage')}
      </Button>
      {shift?.source === 'estimated' && (
        <span css={{ color: theme.colors.textMuted }}>
          {t('entry.regions.estimated', { confidence: shift.confidence })}
        </span>
      )}
      {canShift && (
        <fieldset css={shiftGroupStyles}>
          <legend>{t('entry.regions.shiftLegend')}</legend>
          {/* Left, right, up, down on the scan: in this order, left to right, in every language. */}
          <span css={shiftButtonsStyles} dir="ltr">
            <Button variant="ghost" aria-label={t('entry.regions.shiftLeft')} onClick={() => move(-SHIFT_STEP, 0)}>
              ←
            </Button>
            <Button variant="ghost" aria-label={t('entry.regions.shiftRight')} onClick={() => move(SHIFT_STEP, 0)}>
              →
            </Button>
            <Button variant="ghost" aria-label={t('entry.regions.shiftUp')} onClick={() => move(0, -SHIFT_STEP)}>
              ↑
            </Button>
            <Button variant="ghost" aria-label={t('entry.regions.shiftDown')} onClick={() => move(0, SHIFT_STEP)}>
              ↓
            </Button>
          </span>
        </fieldset>
      )}
    </div>
  );
}
