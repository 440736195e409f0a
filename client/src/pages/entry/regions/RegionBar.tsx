/**
 * Above the entry viewer when the form has field regions: which field's part of the page is shown,
 * the 'whole page' toggle (also Alt+W), and — for the owner, or a contributor when the owner
 * allows it — buttons that shift every box on this image at once, saved for the image.
 */
import { css } from '@emotion/react';
import type { RegionShift } from '@formscribe/common/schemas/regions';
import { useSetImageShift } from '../../../api/regions.ts';
import { Button } from '../../../components/ui/Button.tsx';
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
    float: left;
    margin-right: 0.25rem;
  }
`;

const clampShift = (value: number) => Math.round(Math.min(MAX_SHIFT, Math.max(-MAX_SHIFT, value)) * 10000) / 10000;

interface RegionBarProps {
  imageId: number;
  regions: RegionFocusState;
  shift: RegionShift | null | undefined;
  canShift: boolean;
}

export function RegionBar({ imageId, regions, shift, canShift }: RegionBarProps) {
  const setShift = useSetImageShift(imageId);
  const move = (dx: number, dy: number) =>
    setShift.mutate({ dx: clampShift((shift?.dx ?? 0) + dx), dy: clampShift((shift?.dy ?? 0) + dy) });

  return (
    <div css={barStyles}>
      <span aria-live="polite" data-testid="region-status">
        {regions.focus ? `Showing: ${regions.focus.label}` : 'Showing the whole page'}
      </span>
      <Button variant="secondary" aria-pressed={regions.wholePage} onClick={regions.toggleWholePage}>
        Whole page (Alt+W)
      </Button>
      {shift?.source === 'estimated' && (
        <span css={{ color: theme.colors.textMuted }}>
          Boxes placed by matching this scan with the sample ({Math.round(shift.confidence * 100)}% sure)
        </span>
      )}
      {canShift && (
        <fieldset css={shiftGroupStyles}>
          <legend>Shift all boxes on this image:</legend>
          <Button variant="ghost" aria-label="Shift boxes left" onClick={() => move(-SHIFT_STEP, 0)}>
            ←
          </Button>
          <Button variant="ghost" aria-label="Shift boxes right" onClick={() => move(SHIFT_STEP, 0)}>
            →
          </Button>
          <Button variant="ghost" aria-label="Shift boxes up" onClick={() => move(0, -SHIFT_STEP)}>
            ↑
          </Button>
          <Button variant="ghost" aria-label="Shift boxes down" onClick={() => move(0, SHIFT_STEP)}>
            ↓
          </Button>
        </fieldset>
      )}
    </div>
  );
}
