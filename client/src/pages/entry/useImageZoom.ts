import { useCallback, useState } from 'react';
import { clampZoom, INITIAL_ZOOM, readStoredZoom, storeZoom, ZOOM_STEP } from './imageViewerControls.ts';

export interface ZoomControls {
  zoom: number;
  zoomIn: () => void;
  zoomOut: () => void;
  resetZoom: () => void;
  /** Any zoom (a pinch), clamped to the allowed range. */
  zoomTo: (zoom: number) => void;
}

/** The viewer's zoom, shared by every image of the page and remembered between visits. */
export function useImageZoom(): ZoomControls {
  const [zoom, setZoom] = useState(readStoredZoom);
  const change = useCallback((next: (current: number) => number) => {
    setZoom((current) => {
      const zoom = clampZoom(next(current));
      storeZoom(zoom);
      return zoom;
    });
  }, []);
  return {
    zoom,
    zoomIn: useCallback(() => change((current) => current + ZOOM_STEP), [change]),
    zoomOut: useCallback(() => change((current) => current - ZOOM_STEP), [change]),
    resetZoom: useCallback(() => change(() => INITIAL_ZOOM), [change]),
    zoomTo: useCallback((zoom: number) => change(() => zoom), [change]),
  };
}
