/**
 * The viewer shows an image's display-size copy (800 or 1600 px wide, see entryDisplayCopy.ts and
 * the server's display-proxy), which downloads in a fraction of the original's time on a phone. Once
 * the user zooms in so far that the copy would be stretched on screen (more than a quarter past
 * its own pixels, counting the screen's pixel density), the original is asked for instead, and
 * kept for this image: handwriting is read at full resolution when someone looks that closely.
 *
 * The frame's width is read where the browser has just laid the page out (a ResizeObserver's
 * callback), not in an effect right after React changed the page: there the read would make the
 * browser lay the page out in the middle of React's first render, one long task that Lighthouse
 * then counts, whole, as layout work the scan's paint waited for (B13).
 */

import { MAX_STRETCH } from '@formscribe/common/entryDisplayCopies';
import { type RefObject, useEffect, useState } from 'react';
import { isSideways } from './imageViewerControls.ts';

interface NaturalSize {
  width: number;
  height: number;
}

export function useFullResolution(
  viewportRef: RefObject<HTMLElement | null>,
  shown: { size: NaturalSize | null; rotation: number; zoom: number; hasOriginal: boolean },
): boolean {
  const [full, setFull] = useState(false);
  const viewportWidth = useLaidOutWidth(viewportRef);
  const { size, rotation, zoom, hasOriginal } = shown;
  useEffect(() => {
    if (full || !hasOriginal || !size || !viewportWidth) return;
    // The picture's width on screen: the frame's width, or on its side the frame's height.
    const frameWidth = (viewportWidth * zoom) / 100;
    const screenPixelsPerImagePixel =
      (frameWidth / (isSideways(rotation) ? size.height : size.width)) * devicePixelRatio;
    if (screenPixelsPerImagePixel > MAX_STRETCH) setFull(true);
  }, [viewportWidth, full, hasOriginal, size, rotation, zoom]);
  return full;
}

/** The element's inner width (`clientWidth`), read each time its layout changes size. */
function useLaidOutWidth(ref: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
