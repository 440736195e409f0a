/**
 * Where the entry viewer looks when a field has a region: the field's box moved by the image's
 * shift and turned with the image, and the zoom and scroll that put it in the middle of the
 * viewer with a margin around it. Page fractions throughout; pixels only at the very end.
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

/** The box on the image as shown after a quarter-turn rotation (clockwise, in degrees). */
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
