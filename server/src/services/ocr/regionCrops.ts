/**
 * Cutting a field's box out of a scan for OCR, with sharp (its own threads, off the event loop).
 * The box is the field's region (page fractions, drawn on the sample as filed) turned as the sample
 * is shown and moved by the image's shift, as the entry page shows it, on the page as shown: the
 * image turned by its rotation (a scan turned upright, by a person or by orientation detection, is
 * read upright: pageOrientation.ts). Its edges are trimmed a little, because owners draw boxes on the
 * printed frame around a value and a frame line reads as a stray character; the crop then gets a
 * white margin, greyscale and a size that suits tesseract: what it reads best.
 *
 * Bounded: the crop runs in the image work queue under its memory budget like every upload, the
 * decode streams (libvips reads a PNG or JPEG line by line and keeps only the rows it extracts, so
 * a sparse 100-megapixel PNG is never held whole), and the crop is shrunk to what the reader needs.
 * Tesseract's memory and time grow with the pixels it is given (a 64-megapixel crop of a whole
 * 10,000-pixel page once took 1 GB and 100 s); a text line needs a few dozen pixels of height.
 */
import { imageWork, openImage, STREAMING_JOB_BYTES } from '../images/imageWork.ts';

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
/**
 * The page is read as if its longer side had at most this many pixels: an A4 page scanned at
 * 300 dpi (2480 × 3508), where printed text is 30–50 px high, what tesseract reads best. A finer
 * scan is shrunk to this; its extra pixels would cost time and memory and read no better.
 */
export const MAX_READ_PAGE_SIDE_PX = 3500;
/**
 * No crop handed to tesseract has more pixels than this (the largest box allowed, a quarter of
 * such a page, is about 2.2 megapixels; this also holds for long, thin pages and old boxes).
 */
export const MAX_CROP_PIXELS = 2_000_000;

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
/** Rounded so that a box read twice compares equal (the stored box tells a stale reading). */
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** The region as read on an image shifted by (dx, dy), clipped to the page. */
export function readBoxOf(
  region: { x: number; y: number; w: number; h: number },
  shift: { dx: number; dy: number } | null,
): ReadBox {
  const x0 = clamp01(region.x + (shift?.dx ?? 0));
  const y0 = clamp01(region.y + (shift?.dy ?? 0));
  const x1 = clamp01(region.x + region.w + (shift?.dx ?? 0));
  const y1 = clamp01(region.y + region.h + (shift?.dy ?? 0));
  return { x: round4(x0), y: round4(y0), w: round4(x1 - x0), h: round4(y1 - y0) };
}

/** The page's pixel size as the app shows it (stored images are already auto-oriented), from its header. */
export async function pageSize(image: Buffer): Promise<{ width: number; height: number }> {
  const meta = await imageWork.run(0, () => openImage(image).metadata());
  return { width: meta.autoOrient?.width ?? meta.width ?? 0, height: meta.autoOrient?.height ?? meta.height ?? 0 };
}

/**
 * The size the crop is read at: shrunk so the page is read at no more than `MAX_READ_PAGE_SIDE_PX`
 * and the crop holds no more than `MAX_CROP_PIXELS`, and raised to `MIN_HEIGHT_PX` when short.
 */
export function readSize(
  crop: { width: number; height: number },
  page: { width: number; height: number },
): { width: number; height: number } {
  const pageScale = MAX_READ_PAGE_SIDE_PX / Math.max(page.width, page.height);
  const pixelScale = Math.sqrt(MAX_CROP_PIXELS / (crop.width * crop.height));
  let scale = Math.min(1, pageScale, pixelScale);
  if (crop.height * scale < MIN_HEIGHT_PX) scale = Math.min(MIN_HEIGHT_PX / crop.height, pixelScale);
  return { width: Math.max(1, Math.round(crop.width * scale)), height: Math.max(1, Math.round(crop.height * scale)) };
}

/** A quarter turn, clockwise, in degrees (an image's rotation as stored). */
export type QuarterTurn = 0 | 90 | 180 | 270;

export function quarterTurnOf(degrees: number): QuarterTurn {
  const turn = (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
  return turn === 90 || turn === 180 || turn === 270 ? turn : 0;
}

/**
 * Where a box on the stored file lies once the page is turned `turn` degrees clockwise (the entry
 * viewer's rotatedRegion): a field's box, drawn on the sample as filed, on the sample as shown.
 */
export function turnedBox(box: ReadBox, turn: QuarterTurn): ReadBox {
  const { x, y, w, h } = box;
  if (turn === 90) return { x: 1 - (y + h), y: x, w: h, h: w };
  if (turn === 180) return { x: 1 - (x + w), y: 1 - (y + h), w, h };
  if (turn === 270) return { x: y, y: 1 - (x + w), w: h, h: w };
  return box;
}

/**
 * Where a box on the page turned `turn` degrees clockwise lies on the stored file (the inverse of
 * the entry viewer's rotatedRegion), so the file is cut where the box is and only the crop turned.
 */
export function unturnedBox(box: ReadBox, turn: QuarterTurn): ReadBox {
  const { x, y, w, h } = box;
  if (turn === 90) return { x: y, y: 1 - (x + w), w: h, h: w };
  if (turn === 180) return { x: 1 - (x + w), y: 1 - (y + h), w, h };
  if (turn === 270) return { x: 1 - (y + h), y: x, w: h, h: w };
  return box;
}

/**
 * The box cut out and prepared for OCR (PNG), or null when it has no pixels left on the page.
 * `page` is the stored file's size; `box` is on the page turned by `turn` (clockwise).
 */
export async function cropForOcr(
  image: Buffer,
  page: { width: number; height: number },
  box: ReadBox,
  turn: QuarterTurn = 0,
): Promise<Buffer | null> {
  const onFile = unturnedBox(box, turn);
  const left = Math.round(onFile.x * page.width);
  const top = Math.round(onFile.y * page.height);
  const width = Math.min(page.width - left, Math.round(onFile.w * page.width));
  const height = Math.min(page.height - top, Math.round(onFile.h * page.height));
  const trim = Math.floor(Math.min(width, height) * EDGE_TRIM);
  if (width - 2 * trim < 2 || height - 2 * trim < 2) return null;
  const crop = { width: width - 2 * trim, height: height - 2 * trim };
  const sideways = turn === 90 || turn === 270;
  const turned = readSize(sideways ? { width: crop.height, height: crop.width } : crop, page);
  const size = sideways ? { width: turned.height, height: turned.width } : turned;
  // Extract before resize: libvips decodes only down to the box's last row, then shrinks the box.
  const prepared = await imageWork.run(STREAMING_JOB_BYTES, () =>
    openImage(image)
      .extract({ left: left + trim, top: top + trim, ...crop })
      .greyscale()
      .resize({ ...size, fit: 'fill' })
      .extend({ top: MARGIN_PX, bottom: MARGIN_PX, left: MARGIN_PX, right: MARGIN_PX, background: '#ffffff' })
      .png()
      .toBuffer(),
  );
  // Turned afterwards, small: sharp moves an extract after the turn when a resize follows it.
  return turn === 0
    ? prepared
    : imageWork.run(STREAMING_JOB_BYTES, () => openImage(prepared).rotate(turn).png().toBuffer());
}
