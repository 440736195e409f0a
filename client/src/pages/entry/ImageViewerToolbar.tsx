/**
 * The viewer's toolbar. It follows the page's direction (in Arabic zoom out sits on the right), but
 * the rotation arrows stay as they are: ↺ and ↻ turn the scan, which is never mirrored.
 */
import { css } from '@emotion/react';
import { controlFaceStyles } from '../../components/ui/surfaceStyles.ts';
import { Tooltip } from '../../components/ui/Tooltip.tsx';
import { useT } from '../../i18n/useT.ts';
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
    display: none;
  }
`;

const phoneOnlyStyles = css`
  display: none;
  ${theme.media.phone} {
    display: inline;
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
  const { t } = useT();
  return (
    <div css={toolbarStyles} role="toolbar" aria-label={t('entry.viewer.controls')}>
      <Tooltip label={t('entry.viewer.zoomOutTip')}>
        <button
          type="button"
          css={toolButtonStyles}
          aria-label={t('entry.viewer.zoomOut')}
          // i18n-exempt: ARIA names the keys in its own syntax, the same in every language
          aria-keyshortcuts="Alt+-"
          disabled={zoom <= MIN_ZOOM}
          onClick={onZoomOut}
        >
          <span aria-hidden>−</span>
        </button>
      </Tooltip>
      <output css={zoomValueStyles} aria-live="polite" aria-label={t('entry.viewer.zoomLevel')}>
        {t('entry.viewer.zoomValue', { zoom: zoom / 100 })}
      </output>
      <Tooltip label={t('entry.viewer.zoomInTip')}>
        <button
          type="button"
          css={toolButtonStyles}
          aria-label={t('entry.viewer.zoomIn')}
          // i18n-exempt: ARIA names the keys in its own syntax, the same in every language
          aria-keyshortcuts="Alt+="
          disabled={zoom >= MAX_ZOOM}
          onClick={onZoomIn}
        >
          <span aria-hidden>+</span>
        </button>
      </Tooltip>
      <button
        type="button"
        css={[toolButtonStyles, textButtonStyles]}
        // i18n-exempt: ARIA names the keys in its own syntax, the same in every language
        aria-keyshortcuts="Alt+0"
        // Named 'Reset zoom' on every screen, as its shortcut's help says; a phone shows 'Reset'.
        aria-label={t('entry.viewer.resetZoom')}
        onClick={onResetZoom}
      >
        <span css={phoneHiddenStyles}>{t('entry.viewer.resetZoom')}</span>
        <span css={phoneOnlyStyles}>{t('entry.viewer.resetZoomShort')}</span>
      </button>
      <span css={separatorStyles} aria-hidden />
      <Tooltip label={t('entry.viewer.rotateLeft')}>
        <button
          type="button"
          css={toolButtonStyles}
          aria-label={t('entry.viewer.rotateLeft')}
          disabled={!canRotate}
          onClick={() => onRotate('left')}
        >
          <span aria-hidden>↺</span>
        </button>
      </Tooltip>
      <Tooltip label={t('entry.viewer.rotateRightTip')}>
        <button
          type="button"
          css={toolButtonStyles}
          aria-label={t('entry.viewer.rotateRight')}
          // i18n-exempt: ARIA names the keys in its own syntax, the same in every language
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
