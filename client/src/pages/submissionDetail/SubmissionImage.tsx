import { css } from '@emotion/react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { insetBoxStyles } from '../../components/ui/surfaceStyles.ts';
import { useT } from '../../i18n/useT.ts';
import { showToast } from '../../stores/toastStore.ts';
import { theme } from '../../theme/theme.ts';

/** Spec section 9: each click on the image steps through these zoom levels, then starts over. */
export const DETAIL_ZOOM_STEPS = [100, 200, 300] as const;
type ZoomLevel = (typeof DETAIL_ZOOM_STEPS)[number];

export function nextZoom(zoom: ZoomLevel): ZoomLevel {
  const index = DETAIL_ZOOM_STEPS.indexOf(zoom);
  return DETAIL_ZOOM_STEPS[(index + 1) % DETAIL_ZOOM_STEPS.length] ?? DETAIL_ZOOM_STEPS[0];
}

const frameStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  min-width: 0;
`;

const toolbarStyles = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;
  font-size: ${theme.fontSizes.small};
  color: ${theme.colors.textMuted};
`;

const viewportStyles = css`
  max-height: 75vh;
  overflow: auto;
  ${insetBoxStyles};
  background: ${theme.colors.surfaceMuted};
`;

const zoomButtonStyles = (zoom: ZoomLevel) => css`
  display: block;
  width: ${zoom}%;
  padding: 0;
  border: none;
  background: none;
  cursor: ${zoom === 300 ? 'zoom-out' : 'zoom-in'};
  &:focus-visible {
    outline: none;
    box-shadow: inset ${theme.focusRing};
  }
  img {
    display: block;
    width: 100%;
    height: auto;
  }
`;

const failedStyles = css`
  padding: 3rem 1rem;
  text-align: center;
  color: ${theme.colors.textMuted};
`;

interface SubmissionImageProps {
  src: string;
  alt: string;
}

/** The submitted image: click (or Enter/Space) to zoom 100 → 200 → 300 → 100 percent; Reset Zoom goes back. */
export function SubmissionImage({ src, alt }: SubmissionImageProps) {
  const { t } = useT();
  const [zoom, setZoom] = useState<ZoomLevel>(DETAIL_ZOOM_STEPS[0]);
  const [failed, setFailed] = useState(false);
  const toastShown = useRef(false);

  useEffect(() => {
    if (!failed || toastShown.current) return;
    toastShown.current = true;
    showToast({ title: t('progress.detail.imageFailed'), variant: 'destructive' });
  }, [failed, t]);

  return (
    <section css={frameStyles} aria-label={t('progress.detail.imageLabel')}>
      <div css={toolbarStyles}>
        <output aria-live="polite">{t('progress.detail.zoomLevel', { share: zoom / 100 })}</output>
        <Button
          variant="secondary"
          onClick={() => setZoom(DETAIL_ZOOM_STEPS[0])}
          disabled={zoom === DETAIL_ZOOM_STEPS[0]}
        >
          {t('progress.detail.resetZoom')}
        </Button>
      </div>
      <div css={viewportStyles}>
        {failed ? (
          <p css={failedStyles}>{t('progress.detail.imageNotShown')}</p>
        ) : (
          <button
            type="button"
            css={zoomButtonStyles(zoom)}
            onClick={() => setZoom(nextZoom)}
            aria-label={t('progress.detail.zoomImage')}
          >
            <img src={src} alt={alt} onError={() => setFailed(true)} />
          </button>
        )}
      </div>
    </section>
  );
}
