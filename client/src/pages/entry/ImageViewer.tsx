/**
 * The entry page's image: zoomed as a percentage of the viewer's width, turned in quarter
 * turns, scrollable by keyboard once focused. A quarter turn swaps the image's width and
 * height, so the frame around it takes the turned proportions and the scroll area stays right.
 * Given a field's region on the page as shown (regions/regionView.ts), it frames and highlights
 * that box instead of the whole page.
 *
 * Right to left (Arabic): the scan is never mirrored, and its scroll area is laid out left to
 * right whatever the page's direction (`dir="ltr"` on the viewport). In a right-to-left box a wider
 * picture would start at the right edge and scrollLeft would count from there (0 down to negative
 * numbers), so the region framing's scrollLeft, the picture's centring and the highlight's
 * physical left/top (fractions of the scan) would all land in the wrong place.
 */
import { css } from '@emotion/react';
import type { FieldRegion } from '@formscribe/common/fields';
import { textDirection } from '@formscribe/common/i18n/locales';
import { type CSSProperties, type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { outlinedStyles } from '../../components/ui/surfaceStyles.ts';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';
import { ImageViewerToolbar } from './ImageViewerToolbar.tsx';
import { isSideways, MAX_ZOOM, MIN_ZOOM, type RotationDirection } from './imageViewerControls.ts';
import { type RegionFrame, regionFrame } from './regions/regionView.ts';
import { useViewerSize } from './regions/useViewerSize.ts';
import { useFullResolution } from './useFullResolution.ts';
import { usePinchZoom } from './usePinchZoom.ts';

const frameStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  min-width: 0;
`;

const viewportStyles = css`
  position: relative;
  height: min(75vh, 56rem);
  min-height: 18rem;
  overflow: auto;
  /* One finger scrolls the image; a pinch zooms it (usePinchZoom), not the page. */
  touch-action: pan-x pan-y;
  ${outlinedStyles};
  border-radius: ${theme.radii.medium};
  background: ${theme.colors.surfaceMuted};
  &:focus-visible {
    outline: none;
    box-shadow: ${theme.focusRing};
  }
  /* On a phone the image stays pinned above the fields, so it leaves them most of the screen. */
  ${theme.media.mobile} {
    height: 38vh;
    min-height: 12rem;
  }
`;

/** On a phone a field's region is a short crop above its input, leaving the fields most of the screen. */
const regionCropStyles = css`
  ${theme.media.mobile} {
    height: 24vh;
    min-height: 8rem;
  }
`;

const highlightStyles = css`
  position: absolute;
  box-sizing: border-box;
  border: 3px solid ${theme.colors.focus};
  border-radius: 2px;
  /* Dims the rest of the page so the eye lands on the box. */
  box-shadow: 0 0 0 100vmax rgba(16, 24, 32, 0.18);
  pointer-events: none;
`;

const overlayStyles = css`
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  padding: 1rem;
  text-align: center;
  color: ${theme.colors.textMuted};
`;

const errorTextStyles = css`
  color: ${theme.colors.danger};
  font-weight: 600;
`;

/** `src` is what shows first (the display-size copy); `originalSrc` the full resolution for zooming in far. */
export type ImageSource = { src: string; originalSrc?: string; alt: string; rotation: number } | 'loading' | 'error';

interface ImageViewerProps {
  image: ImageSource;
  zoom: number;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onResetZoom: () => void;
  /** A pinch on a touch screen asks for any zoom. */
  onZoomTo?: (zoom: number) => void;
  onRotate: (direction: RotationDirection) => void;
  /** Reports whether the picture itself is on screen (votes wait for it). */
  onLoadedChange: (loaded: boolean) => void;
  /**
   * A field's region on this image as shown (turned and shifted, regions/regionView.ts): framed and
   * highlighted instead of the whole page, where it is, whatever the image's turn.
   */
  focus?: { fieldId: string; label: string; region: FieldRegion } | null;
}

interface NaturalSize {
  width: number;
  height: number;
}

export function ImageViewer({
  image,
  zoom,
  onZoomIn,
  onZoomOut,
  onResetZoom,
  onZoomTo,
  onRotate,
  onLoadedChange,
  focus = null,
}: ImageViewerProps) {
  const { t, locale } = useT();
  const pinchHandlers = usePinchZoom(zoom, (next) => onZoomTo?.(next));
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const [size, setSize] = useState<NaturalSize | null>(null);
  const ready = typeof image === 'object';
  const failed = image === 'error' || state === 'failed';
  const loading = !failed && (image === 'loading' || state === 'loading');
  const viewportRef = useRef<HTMLElement>(null);
  const shown = focus && ready && size ? focus.region : null;
  const frame = useRegionFrame(viewportRef, shown, size, ready ? image.rotation : 0);
  const shownZoom = frame?.zoom ?? zoom;
  const full = useFullResolution(viewportRef, {
    size,
    rotation: ready ? image.rotation : 0,
    zoom: shownZoom,
    hasOriginal: ready && image.originalSrc !== undefined,
  });

  return (
    <div css={frameStyles}>
      <ImageViewerToolbar
        zoom={shownZoom}
        canRotate={ready}
        onZoomIn={onZoomIn}
        onZoomOut={onZoomOut}
        onResetZoom={onResetZoom}
        onRotate={onRotate}
      />
      {/* Focusable so keyboard users can scroll the zoomed image with the arrow keys. */}
      <section
        ref={viewportRef}
        css={[viewportStyles, focus && regionCropStyles]}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs focus to scroll by keyboard
        tabIndex={0}
        // The scan's own geometry: see the header comment. Text inside says its own direction.
        dir="ltr"
        aria-label={focus ? t('entry.viewer.imageLabelField', { field: focus.label }) : t('entry.viewer.imageLabel')}
        aria-busy={loading}
        {...pinchHandlers}
      >
        {ready && !failed && (
          <RotatedImage
            src={full && image.originalSrc ? image.originalSrc : image.src}
            alt={image.alt}
            rotation={image.rotation}
            zoom={shownZoom}
            size={size}
            highlight={shown && focus ? { region: shown, fieldId: focus.fieldId } : null}
            onLoad={(natural) => {
              setSize(natural);
              setState('loaded');
              onLoadedChange(true);
            }}
            onError={() => {
              setState('failed');
              onLoadedChange(false);
            }}
          />
        )}
        {loading && (
          <div css={overlayStyles} dir={textDirection(locale)}>
            <Spinner label={t('entry.loadingImage')} />
          </div>
        )}
        {failed && (
          <div css={overlayStyles} role="alert" dir={textDirection(locale)}>
            <span css={errorTextStyles}>{t('entry.imageLoadError.title')}</span>
            <span>{t('entry.imageLoadError.viewerText')}</span>
          </div>
        )}
      </section>
    </div>
  );
}

interface RotatedImageProps {
  src: string;
  alt: string;
  rotation: number;
  zoom: number;
  size: NaturalSize | null;
  onLoad: (size: NaturalSize) => void;
  onError: () => void;
  highlight: { region: FieldRegion; fieldId: string } | null;
}

/**
 * The zoom and scroll that frame `shown` (a region as the turned image shows it) in the viewer,
 * applied once laid out; null for the whole page. Worked out again when the region, the image's
 * size, its turn or the viewer's size changes, so Tab from field to field moves the view along
 * and a turned phone still shows the whole box.
 */
function useRegionFrame(
  viewportRef: RefObject<HTMLElement | null>,
  shown: FieldRegion | null,
  size: NaturalSize | null,
  rotation: number,
): RegionFrame | null {
  const [frame, setFrame] = useState<RegionFrame | null>(null);
  const viewerSize = useViewerSize(viewportRef);
  const viewerKey = viewerSize ? `${viewerSize.width}x${viewerSize.height}` : '';
  const key =
    shown && size
      ? `${shown.x},${shown.y},${shown.w},${shown.h},${size.width},${size.height},${rotation},${viewerKey}`
      : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the region, size, turn and viewer
  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    if (!shown || !size || !viewport) {
      setFrame(null);
      return;
    }
    const aspect = isSideways(rotation) ? size.width / size.height : size.height / size.width;
    const viewer = { width: viewport.clientWidth, height: viewport.clientHeight };
    setFrame(regionFrame(shown, viewer, aspect, { min: MIN_ZOOM, max: MAX_ZOOM }));
  }, [key]);
  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    if (!frame || !viewport) return;
    viewport.scrollLeft = frame.scrollLeft;
    viewport.scrollTop = frame.scrollTop;
  }, [frame, viewportRef]);
  return frame;
}

function RotatedImage({ src, alt, rotation, zoom, size, onLoad, onError, highlight }: RotatedImageProps) {
  const sideways = size !== null && isSideways(rotation);
  const wrapperStyle: CSSProperties = {
    position: 'relative',
    width: `${zoom}%`,
    margin: zoom < 100 ? '0 auto' : undefined,
    aspectRatio: size ? (sideways ? `${size.height} / ${size.width}` : `${size.width} / ${size.height}`) : undefined,
  };
  // On its side, the image's own width becomes the frame's height: as a share of the frame's
  // width that is width/height of the picture. It is centred, then turned about its centre.
  const imageStyle: CSSProperties = sideways
    ? {
        position: 'absolute',
        top: '50%',
        left: '50%',
        width: `${(100 * size.width) / size.height}%`,
        maxWidth: 'none',
        height: 'auto',
        transform: `translate(-50%, -50%) rotate(${rotation}deg)`,
      }
    : { display: 'block', width: '100%', height: 'auto', transform: rotation ? `rotate(${rotation}deg)` : undefined };

  return (
    <div style={wrapperStyle}>
      <img
        src={src}
        alt={alt}
        // The page's main picture: ahead of scripts and other images in the browser's queue.
        fetchPriority="high"
        style={imageStyle}
        onLoad={(event) =>
          onLoad({ width: event.currentTarget.naturalWidth || 1, height: event.currentTarget.naturalHeight || 1 })
        }
        onError={onError}
      />
      {highlight && (
        // Physical left/top on purpose: the box is a place on the scan (fractions of its width and
        // height), and the scan is laid out left to right in every language.
        <div
          css={highlightStyles}
          data-region-highlight={highlight.fieldId}
          style={{
            left: `${highlight.region.x * 100}%`,
            top: `${highlight.region.y * 100}%`,
            width: `${highlight.region.w * 100}%`,
            height: `${highlight.region.h * 100}%`,
          }}
        />
      )}
    </div>
  );
}
