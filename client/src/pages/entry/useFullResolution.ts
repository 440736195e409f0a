/**
 * The viewer shows an image's display-size copy (800 or 1600 px wide, see entryDisplayCopy.ts and
 * the server's display-proxy), which downloads in a fraction of the original's time on a phone. Once
 * the user zooms in so far that the copy would be stretched on screen (more than a quarter past
 * its own pixels, counting the screen's pixel density), the original is asked for instead, and
 * kept for this image: handwriting is read at full resolution when someone looks that closely.
 */
import { type RefObject, useEffect, useState } from 'react';
import { MAX_STRETCH } from './entryDisplayCopy.ts';
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
  const { size, rotation, zoom, hasOriginal } = shown;
  useEffect(() => {
    const viewport = viewportRef.current;
    if (full || !hasOriginal || !size || !viewport) return;
    // The picture's width on screen: the frame's width, or on its side the frame's height.
    const frameWidth = (viewport.clientWidth * zoom) / 100;
    const screenPixelsPerImagePixel =
      (frameWidth / (isSideways(rotation) ? size.height : size.width)) * devicePixelRatio;
    if (screenPixelsPerImagePixel > MAX_STRETCH) setFull(true);
  }, [viewportRef, full, hasOriginal, size, rotation, zoom]);
  return full;
}
