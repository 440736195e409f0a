/**
 * Turns a page into encoded image bytes, one page's pixels at a time and through the image work
 * queue (its memory budget covers the raster held while encoding):
 *
 * - a scanned page gives its own image at the pixel size it was scanned at: its JPEG's bytes as
 *   stored when it is a plain JPEG on an unturned page (pdfEmbeddedJpeg.ts), otherwise the pixels
 *   pdf.js decoded, encoded again (JPEG q90 for colour and grey, PNG for 1-bit), turned as the page is;
 * - any other page is rendered at 200 dpi on white and encoded as PNG (sharp text, small files).
 */
import { createCanvas } from '@napi-rs/canvas';
import { ImageKind, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from '../images/imageErrors.ts';
import { imageWork, rasterBytes } from '../images/imageWork.ts';
import type { EmbeddedJpegReader } from './pdfEmbeddedJpeg.ts';
import type { ScannedImage } from './pdfScannedPage.ts';

export const RENDER_DPI = 200;
const POINTS_PER_INCH = 72;
const JPEG_QUALITY = 90;

type RenderParameters = Parameters<PDFPageProxy['render']>[0];

/** What pdf.js hands over for a decoded image in Node (no ImageBitmap there). */
interface DecodedImage {
  width: number;
  height: number;
  kind: number;
  /** RGB or RGBA bytes, or for 1-bit images their packed rows (a plain Uint8Array then). */
  data: Uint8ClampedArray | Uint8Array;
  /** The image's object in the file (`12R`), when it is not inline. */
  ref?: string;
}

/** A page refused for a reason the owner reads; other errors are reported as a damaged page. */
export class PageRefusal extends Error {}

const isDecodedImage = (value: unknown): value is DecodedImage =>
  typeof value === 'object' &&
  value !== null &&
  'data' in value &&
  (value.data instanceof Uint8ClampedArray || value.data instanceof Uint8Array);

/** Waits for the image pdf.js decodes while building the operator list (it may still be on its way). */
function decodedImage(page: PDFPageProxy, objId: string): Promise<DecodedImage> {
  const store = objId.startsWith('g_') ? page.commonObjs : page.objs;
  return new Promise((resolve, reject) => {
    store.get(objId, (value: unknown) => {
      if (isDecodedImage(value)) resolve(value);
      else reject(new PageRefusal('its image could not be decoded'));
    });
  });
}

/** Each byte of a 1-bit row as its eight grey pixels (set bits white, as pdf.js hands them). */
const BIT_EXPANSION = Buffer.alloc(256 * 8);
for (let byte = 0; byte < 256; byte += 1) {
  for (let bit = 0; bit < 8; bit += 1) BIT_EXPANSION[byte * 8 + bit] = byte & (0x80 >> bit) ? 255 : 0;
}

/** pdf.js packs 1-bit images eight pixels a byte, rows padded to a byte; one grey byte a pixel. */
function unpackBits({ width, height, data }: DecodedImage): Buffer {
  const rowBytes = (width + 7) >> 3;
  const grey = Buffer.alloc(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let column = 0; column < rowBytes; column += 1) {
      const byte = data[y * rowBytes + column] ?? 0;
      const pixels = Math.min(8, width - column * 8);
      grey.set(BIT_EXPANSION.subarray(byte * 8, byte * 8 + pixels), y * width + column * 8);
    }
  }
  return grey;
}

/** Whether an RGB raster is grey (every pixel's channels equal): saved as one channel, a third the size. */
function isGrey(rgb: Uint8ClampedArray | Uint8Array): boolean {
  for (let index = 0; index < rgb.length; index += 3) {
    if (rgb[index] !== rgb[index + 1] || rgb[index] !== rgb[index + 2]) return false;
  }
  return true;
}

async function encodeDecodedImage(image: DecodedImage, rotation: number): Promise<Buffer> {
  const { width, height, kind } = image;
  if (kind === ImageKind.GRAYSCALE_1BPP) {
    const raw = sharp(unpackBits(image), { raw: { width, height, channels: 1 } });
    return raw.rotate(rotation).png({ palette: true, colours: 2 }).toBuffer();
  }
  const channels = kind === ImageKind.RGBA_32BPP ? 4 : 3;
  const pixels = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  let raw = sharp(pixels, { raw: { width, height, channels } }).rotate(rotation);
  if (channels === 4) raw = raw.flatten({ background: '#ffffff' });
  else if (isGrey(image.data)) raw = raw.toColourspace('b-w');
  return raw.jpeg({ quality: JPEG_QUALITY }).toBuffer();
}

/** A scanned page's own image, at the size it was scanned at. */
export async function scannedPageImage(
  page: PDFPageProxy,
  scan: ScannedImage,
  embeddedJpegs: EmbeddedJpegReader,
): Promise<Buffer> {
  const image = await decodedImage(page, scan.objId);
  if (image.ref && page.rotate % 360 === 0) {
    const { width, height } = image;
    const jpeg = await embeddedJpegs.read({ ref: image.ref, width, height });
    if (jpeg) return jpeg;
  }
  const bytes = rasterBytes({ width: image.width, height: image.height, channels: 4, depth: 'uchar' });
  return imageWork.run(bytes, () => encodeDecodedImage(image, page.rotate));
}

/** The page's size at render resolution; refused before any pixel is drawn when over the pixel cap. */
export function renderSize(page: PDFPageProxy): { width: number; height: number; scale: number } {
  const scale = RENDER_DPI / POINTS_PER_INCH;
  const viewport = page.getViewport({ scale });
  const width = Math.ceil(viewport.width);
  const height = Math.ceil(viewport.height);
  if (width * height > MAX_INPUT_PIXELS) {
    const points = page.getViewport({ scale: 1 });
    throw new PageRefusal(
      `it is ${Math.round(points.width).toLocaleString('en')} × ${Math.round(points.height).toLocaleString('en')} pt, ` +
        `${Math.round((width * height) / 1_000_000).toLocaleString('en')} megapixels at ${RENDER_DPI} dpi; ` +
        `pages up to ${MAX_INPUT_PIXELS / 1_000_000} megapixels are taken`,
    );
  }
  return { width, height, scale };
}

/** A drawn page rendered on white at 200 dpi, as PNG. */
export async function renderedPageImage(page: PDFPageProxy, signal: AbortSignal): Promise<Buffer> {
  const { width, height, scale } = renderSize(page);
  const bytes = rasterBytes({ width, height, channels: 4, depth: 'uchar' });
  return imageWork.run(bytes, async () => {
    const canvas = createCanvas(width, height);
    const task = page.render({
      // @napi-rs/canvas implements the parts of HTMLCanvasElement that pdf.js draws with.
      canvas: canvas as unknown as RenderParameters['canvas'],
      viewport: page.getViewport({ scale }),
      background: '#ffffff',
    });
    const cancel = () => task.cancel();
    signal.addEventListener('abort', cancel, { once: true });
    try {
      await task.promise;
    } finally {
      signal.removeEventListener('abort', cancel);
    }
    // The page is opaque (drawn on white): its PNG needs no alpha channel.
    const pixels = sharp(canvas.data(), { raw: { width, height, channels: 4 } });
    return pixels.removeAlpha().png().toBuffer();
  });
}
