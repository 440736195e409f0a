/**
 * Where the entry viewer looks when a field has a region, and the zoom and scroll that put it in
 * the middle of the viewer with a margin around it. Page fractions throughout; pixels only at the
 * very end.
 *
 * Which page the fractions are of: the owner draws a box on the form's sample image as its file
 * lies (the region editor shows the file unturned). The viewer shows an image turned by its
 * rotation, which a person or orientation detection set so that the page reads upright, as the
 * sample does turned by its own. So on the page as shown, a box is the drawn box turned by the
 * sample's rotation, whatever this image's own rotation; the image's shift (estimated on the pages
 * as shown, or set with the arrows on screen) then moves it. Machine reading reads the same box
 * (server/src/services/ocr/machineReadingTurn.ts).
 */
import type { FieldRegion } from '@formscribe/common/fields';

export interface Shift {
  dx: number;
  dy: number;
}

/** Room left around the box: it fills at most this share of the viewer either way. */
const FILL = 0.85;

/** The box where it is on this image: moved by the image's shift, kept on the page. */
export function shiftedRegion(region: FieldRegion, shift: Shift | null | undefined): FieldRegion {
  if (!shift) return region;
  return {
    ...region,
    x: Math.min(1 - region.w, Math.max(0, region.x + shift.dx)),
    y: Math.min(1 - region.h, Math.max(0, region.y + shift.dy)),
  };
}

/** The box on the image as shown after a quarter-turn rotation (clockwise, in degrees) of its file. */
export function rotatedRegion(region: FieldRegion, rotation: number): FieldRegion {
  const { x, y, w, h } = region;
  switch (((rotation % 360) + 360) % 360) {
    case 90:
      return { x: 1 - (y + h), y: x, w: h, h: w };
    case 180:
      return { x: 1 - (x + w), y: 1 - (y + h), w, h };
    case 270:
      return { x: y, y: 1 - (x + w), w: h, h: w };
    default:
      return region;
  }
}

/** A field's drawn box where it is on an image as the viewer shows it (see the header). */
export function regionAsShown(
  region: FieldRegion,
  sampleRotation: number,
  shift: Shift | null | undefined,
): FieldRegion {
  return shiftedRegion(rotatedRegion(region, sampleRotation), shift);
}

export interface RegionFrame {
  /** Zoom as the viewer counts it: the image's width as a percentage of the viewer's width. */
  zoom: number;
  scrollLeft: number;
  scrollTop: number;
}

/**
 * The zoom that fits the (shown) box in the viewer with a margin, within the viewer's zoom range,
 * and the scroll that centres it. `aspect` is the shown image's height over its width.
 */
export function regionFrame(
  region: FieldRegion,
  viewer: { width: number; height: number },
  aspect: number,
  zoomRange: { min: number; max: number },
): RegionFrame {
  const byWidth = (100 * FILL) / region.w;
  const byHeight = (100 * FILL * viewer.height) / (region.h * viewer.width * aspect);
  const zoom = Math.round(Math.min(zoomRange.max, Math.max(zoomRange.min, Math.min(byWidth, byHeight))));
  const imageWidth = (zoom / 100) * viewer.width;
  const imageHeight = imageWidth * aspect;
  return {
    zoom,
    scrollLeft: Math.max(0, (region.x + region.w / 2) * imageWidth - viewer.width / 2),
    scrollTop: Math.max(0, (region.y + region.h / 2) * imageHeight - viewer.height / 2),
  };
}
