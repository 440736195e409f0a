import { css } from '@emotion/react';
import { useState } from 'react';
import { insetBoxStyles } from '../../../components/ui/surfaceStyles.ts';
import { Tooltip } from '../../../components/ui/Tooltip.tsx';
import { useT } from '../../../i18n/useT.ts';
import { theme } from '../../../theme/theme.ts';
import { iconButtonStyles } from './dialogStyles.ts';

/** Spec section 9: the preview opens at 200 %; steps and bounds are the entry viewer's. */
export const PREVIEW_INITIAL_ZOOM = 200;
export const ZOOM_STEP = 25;
export const MIN_ZOOM = 50;
export const MAX_ZOOM = 300;

const failedStyles = css`
  padding: 2rem 1rem;
  text-align: center;
  color: ${theme.colors.textMuted};
`;

const frameStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
`;

const toolbarStyles = css`
  display: flex;
  align-items: center;
  gap: 0.25rem;
`;

const zoomButtonStyles = css`
  border-color: ${theme.colors.border};
  background: ${theme.colors.surface};
  font-size: 1.25rem;
  font-weight: 600;
`;

const zoomValueStyles = css`
  min-width: 3.5rem;
  text-align: center;
  font-variant-numeric: tabular-nums;
`;

const viewportStyles = css`
  max-height: 75vh;
  overflow: auto;
  ${insetBoxStyles};
  background: ${theme.colors.surfaceMuted};
  &:focus-visible {
    outline: none;
    box-shadow: ${theme.focusRing};
  }
`;

interface ZoomableImageProps {
  src: string;
  alt: string;
}

/** An image in a scrollable frame, zoomed as a percentage of the frame's width. */
export function ZoomableImage({ src, alt }: ZoomableImageProps) {
  const { t } = useT();
  const [zoom, setZoom] = useState(PREVIEW_INITIAL_ZOOM);
  const [failed, setFailed] = useState(false);
  const change = (step: number) => setZoom((current) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, current + step)));

  return (
    <div css={frameStyles}>
      <div css={toolbarStyles}>
        <Tooltip label={t('owner.zoom.out')}>
          <button
            type="button"
            css={[iconButtonStyles, zoomButtonStyles]}
            aria-label={t('owner.zoom.out')}
            disabled={zoom <= MIN_ZOOM}
            onClick={() => change(-ZOOM_STEP)}
          >
            <span aria-hidden>−</span>
          </button>
        </Tooltip>
        <output css={zoomValueStyles} aria-live="polite" aria-label={t('owner.zoom.level')}>
          {t('common.percent', { value: zoom / 100 })}
        </output>
        <Tooltip label={t('owner.zoom.in')}>
          <button
            type="button"
            css={[iconButtonStyles, zoomButtonStyles]}
            aria-label={t('owner.zoom.in')}
            disabled={zoom >= MAX_ZOOM}
            onClick={() => change(ZOOM_STEP)}
          >
            <span aria-hidden>+</span>
          </button>
        </Tooltip>
      </div>
      {/* Focusable so keyboard users can scroll the zoomed image with the arrow keys. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs focus to scroll by keyboard */}
      <section css={viewportStyles} tabIndex={0} aria-label={t('owner.zoom.imagePreview')}>
        {/* The access-checked proxy is the only way to a file: there is nowhere else to try. */}
        {failed ? (
          <p role="alert" css={failedStyles}>
            {t('owner.zoom.failed')}
          </p>
        ) : (
          <img
            src={src}
            alt={alt}
            style={{ display: 'block', width: `${zoom}%`, maxWidth: 'none', height: 'auto' }}
            onError={() => setFailed(true)}
          />
        )}
      </section>
    </div>
  );
}
