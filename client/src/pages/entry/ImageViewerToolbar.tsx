import { css } from '@emotion/react';
import { controlFaceStyles } from '../../components/ui/surfaceStyles.ts';
import { Tooltip } from '../../components/ui/Tooltip.tsx';
import { visuallyHidden } from '../../components/ui/visuallyHidden.ts';
import { theme } from '../../theme/theme.ts';
import { MAX_ZOOM, MIN_ZOOM, type RotationDirection } from './imageViewerControls.ts';

const toolbarStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.25rem;
`;

const toolButtonStyles = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 2.25rem;
  height: 2.25rem;
  padding: 0 0.5rem;
  ${controlFaceStyles};
  font: inherit;
  font-size: 1.125rem;
  font-weight: 600;
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${theme.colors.surfaceMuted};
  }
  &:focus-visible {
    outline: none;
    box-shadow: ${theme.focusRing};
  }
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

/*
 * On a phone the six controls must share one row of 44 px targets (a lone ↻ on a second row
 * looks like another toolbar): the reset button says 'Reset', the zoom level takes what '300%'
 * needs, and the separator gives way to the gap.
 */
const textButtonStyles = css`
  font-size: ${theme.fontSizes.small};
  ${theme.media.phone} {
    padding: 0 0.375rem;
  }
`;

const phoneHiddenStyles = css`
  ${theme.media.phone} {
    ${visuallyHidden};
  }
`;

const separatorStyles = css`
  width: 1px;
  height: 1.5rem;
  margin: 0 0.25rem;
  background: ${theme.colors.border};
  ${theme.media.phone} {
    display: none;
  }
`;

const zoomValueStyles = css`
  min-width: 3.5rem;
  text-align: center;
  font-variant-numeric: tabular-nums;
  font-size: ${theme.fontSizes.small};
  ${theme.media.phone} {
    min-width: 2.75rem;
  }
`;

interface ImageViewerToolbarProps {
  zoom: number;
  canRotate: boolean;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onResetZoom: () => void;
  onRotate: (direction: RotationDirection) => void;
}

/** Zoom out, the zoom level, zoom in, reset, and the two quarter turns; each says its shortcut. */
export function ImageViewerToolbar({
  zoom,
  canRotate,
  onZoomIn,
  onZoomOut,
  onResetZoom,
  onRotate,
}: ImageViewerToolbarProps) {
  return (
    <div css={toolbarStyles} role="toolbar" aria-label="Image controls">
      <Tooltip label="Zoom out (Alt + -)">
        <button
          type="button"
          css={toolButtonStyles}
          aria-label="Zoom out"
          aria-keyshortcuts="Alt+-"
          disabled={zoom <= MIN_ZOOM}
          onClick={onZoomOut}
        >
          <span aria-hidden>−</span>
        </button>
      </Tooltip>
      <output css={zoomValueStyles} aria-live="polite" aria-label="Zoom level">
        {zoom}%
      </output>
      <Tooltip label="Zoom in (Alt + =)">
        <button
          type="button"
          css={toolButtonStyles}
          aria-label="Zoom in"
          aria-keyshortcuts="Alt+="
          disabled={zoom >= MAX_ZOOM}
          onClick={onZoomIn}
        >
          <span aria-hidden>+</span>
        </button>
      </Tooltip>
      <button type="button" css={[toolButtonStyles, textButtonStyles]} aria-keyshortcuts="Alt+0" onClick={onResetZoom}>
        {/* Still named 'Reset zoom' by screen readers, and so still matching its shortcut's help. */}
        Reset <span css={phoneHiddenStyles}>zoom</span>
      </button>
      <span css={separatorStyles} aria-hidden />
      <Tooltip label="Rotate left">
        <button
          type="button"
          css={toolButtonStyles}
          aria-label="Rotate left"
          disabled={!canRotate}
          onClick={() => onRotate('left')}
        >
          <span aria-hidden>↺</span>
        </button>
      </Tooltip>
      <Tooltip label="Rotate right (Alt + R)">
        <button
          type="button"
          css={toolButtonStyles}
          aria-label="Rotate right"
          aria-keyshortcuts="Alt+R"
          disabled={!canRotate}
          onClick={() => onRotate('right')}
        >
          <span aria-hidden>↻</span>
        </button>
      </Tooltip>
    </div>
  );
}
