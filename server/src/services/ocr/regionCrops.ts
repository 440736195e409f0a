/**
 * Cutting a field's box out of a scan for OCR, with sharp (its own threads, off the event loop).
 * The box is the field's region (page fractions, drawn on the sample) moved by the image's shift,
 * as the entry page shows it. Its edges are trimmed a little, because owners draw boxes on the
 * printed frame around a value and a frame line reads as a stray character; the crop then gets a
 * white margin, greyscale and, when small, an upscale: what tesseract reads best.
 */
import type { FieldRegion } from '@formscribe/common/fields';
import sharp from 'sharp';

/** A region moved by the image's shift and kept on the page: what is read, as page fractions. */
export interface ReadBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Share of the box's shorter side trimmed from each edge (the printed frame, a slightly-off shift). */
const EDGE_TRIM = 0.1;
/** White margin around the crop, in pixels: tesseract finds text poorly when it touches the edge. */
const MARGIN_PX = 12;
/** Crops shorter than this are upscaled to it: tesseract reads text about 20–40 px high best. */
const MIN_HEIGHT_PX = 48;

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
/** Rounded so that a box read twice compares equal (the stored box tells a stale reading). */
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** The region as read on an image shifted by (dx, dy), clipped to the page. */
export function readBoxOf(region: FieldRegion, shift: { dx: number; dy: number } | null): ReadBox {
  const x0 = clamp01(region.x + (shift?.dx ?? 0));
  const y0 = clamp01(region.y + (shift?.dy ?? 0));
  const x1 = clamp01(region.x + region.w + (shift?.dx ?? 0));
  const y1 = clamp01(region.y + region.h + (shift?.dy ?? 0));
  return { x: round4(x0), y: round4(y0), w: round4(x1 - x0), h: round4(y1 - y0) };
}

/** The page's pixel size as the app shows it (stored images are already auto-oriented). */
export async function pageSize(image: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(image).metadata();
  return { width: meta.autoOrient?.width ?? meta.width ?? 0, height: meta.autoOrient?.height ?? meta.height ?? 0 };
}

/** The box cut out and prepared for OCR (PNG), or null when it has no pixels left on the page. */
export async function cropForOcr(
  image: Buffer,
  page: { width: number; height: number },
  box: ReadBox,
): Promise<Buffer | null> {
  const left = Math.round(box.x * page.width);
  const top = Math.round(box.y * page.height);
  const width = Math.min(page.width - left, Math.round(box.w * page.width));
  const height = Math.min(page.height - top, Math.round(box.h * page.height));
  const trim = Math.floor(Math.min(width, height) * EDGE_TRIM);
  if (width - 2 * trim < 2 || height - 2 * trim < 2) return null;
  const cropHeight = height - 2 * trim;
  const scale = cropHeight < MIN_HEIGHT_PX ? MIN_HEIGHT_PX / cropHeight : 1;
  return sharp(image)
    .rotate()
    .extract({ left: left + trim, top: top + trim, width: width - 2 * trim, height: cropHeight })
    .greyscale()
    .resize({ height: Math.round(cropHeight * scale), withoutEnlargement: false })
    .extend({ top: MARGIN_PX, bottom: MARGIN_PX, left: MARGIN_PX, right: MARGIN_PX, background: '#ffffff' })
    .png()
    .toBuffer();
}
