/**
 * Turns an uploaded form image into what we store: the original without metadata (EXIF GPS,
 * camera serials, XMP, IPTC and text chunks never reach other users) and a ~400 px wide JPEG
 * thumbnail. Originals stay lossless whenever they are already upright: their metadata is cut
 * out byte-wise, so archivists' scans keep every pixel (and their ICC colour profile) and the
 * upload skips a full decode and re-encode. Only a JPEG/PNG whose EXIF orientation asks for a
 * turn is re-encoded, upright. HEIC, WebP and AVIF are decoded and stored as JPEG (a lossless
 * WebP as PNG). Anything that is not a readable JPEG, PNG, HEIC/HEIF, WebP or AVIF is refused.
 *
 * Memory: every sharp call runs in `imageWork`'s queue, stating what it may hold. Thumbnails
 * stream (libvips shrinks JPEGs on load and turns after shrinking), so they are cheap whatever
 * the size. Turning an original upright holds its whole raster: that is accepted up to the
 * queue's budget (every 8-bit RGB image under the 100-megapixel cap) and refused above it with
 * a 400 that says the limit, rather than stored shrunk: what is stored is what was sent.
 */
import type { StoredExtension } from '../storage/storedNames.ts';
import { detectImageType, isLosslessWebp } from './detectImageType.ts';
import { heicConversions } from './heicConverter.ts';
import { readHeicDimensions } from './heicDimensions.ts';
import {
  damagedImage,
  emptyFile,
  imageErrorFromSharp,
  MAX_HEIC_PIXELS,
  MAX_INPUT_PIXELS,
  tooManyHeicPixels,
  tooManyPixels,
  tooManyPixelsToDecode,
  unsupportedImageType,
} from './imageErrors.ts';
import {
  fitsImageMemoryBudget,
  IMAGE_MEMORY_BUDGET_BYTES,
  imageWork,
  openImage,
  type PixelSize,
  rasterBytes,
  STREAMING_JOB_BYTES,
  storedImageSize,
} from './imageWork.ts';
import { stripJpegMetadataInPlace } from './jpegMetadataStripper.ts';
import { stripPngMetadataInPlace } from './pngMetadataStripper.ts';

export const THUMBNAIL_WIDTH = 400;
const JPEG_QUALITY = 90;
const THUMBNAIL_QUALITY = 80;

export interface EncodedFile {
  data: Buffer;
  extension: StoredExtension;
  mimeType: string;
}

/**
 * The original as soon as it is ready, the thumbnail still being made: an upright original is
 * ready after its metadata strip, so storing it overlaps the thumbnail's decode. The thumbnail
 * rejects when the image proves unreadable; the caller must await it before keeping anything.
 * `size` is the stored original's, upright (IIIF manifests state it), known without reading
 * the image again: from the header of an upright one, from the encoder of one made anew.
 */
export interface ImageInProgress {
  original: EncodedFile;
  size: PixelSize | undefined;
  thumbnail: Promise<EncodedFile>;
}

interface EncodedImage {
  file: EncodedFile;
  size: PixelSize;
}

/** Measured for heic-convert (libheif in WebAssembly, then a JavaScript JPEG encoder). */
const HEIC_DECODE_BYTES_PER_PIXEL = 16;
/** mozjpeg's optimised Huffman tables keep every DCT coefficient (4:4:4 at quality 90: 6 bytes a pixel). */
const OPTIMIZED_JPEG_BYTES_PER_PIXEL = 6;
/**
 * What the decoders hold beside libvips' raster until it is copied out, measured as peak RSS for a
 * 24-megapixel photo against the same photo as a JPEG turned upright: libwebp's own RGBA buffer,
 * and for AVIF libheif's YUV planes, its RGB copy and the AV1 decoder's frames.
 */
const DECODER_BYTES_PER_PIXEL = { webp: 5, avif: 10 } as const;

interface ImageHeader {
  width: number;
  height: number;
  channels: number;
  depth: string;
  orientation: number;
}

async function withImageErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw imageErrorFromSharp(error);
  }
}

/**
 * `.rotate()` with no angle applies the EXIF orientation; output carries no metadata by default.
 * Streams: libvips turns the image after shrinking it.
 */
function makeThumbnail(input: Buffer): Promise<EncodedFile> {
  return withImageErrors(() =>
    imageWork.run(STREAMING_JOB_BYTES, () =>
      openImage(input)
        .rotate()
        .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: THUMBNAIL_QUALITY })
        .toBuffer(),
    ),
  ).then((data) => ({ data, extension: 'jpg', mimeType: 'image/jpeg' }));
}

const FORMATS = {
  jpeg: { extension: 'jpg', mimeType: 'image/jpeg', strip: stripJpegMetadataInPlace },
  png: { extension: 'png', mimeType: 'image/png', strip: stripPngMetadataInPlace },
} as const;

/**
 * Refuses an image whose whole raster would not fit the memory budget. Turning needs the raster
 * whole, as does decoding a WebP or AVIF (whose decoders hold buffers of their own besides); the
 * limit depends on the bytes a pixel takes (8-bit RGB fits up to the general cap when turned).
 */
function assertRasterFits(header: ImageHeader, what: string, decoderBytesPerPixel = 0): number {
  const bytesPerPixel = rasterBytes({ ...header, width: 1, height: 1 }) + decoderBytesPerPixel;
  const bytes = header.width * header.height * bytesPerPixel;
  if (fitsImageMemoryBudget(bytes)) return bytes;
  throw tooManyPixelsToDecode(IMAGE_MEMORY_BUDGET_BYTES / bytesPerPixel, what);
}

/** Upright and without metadata by decoding and encoding again: only for images that must turn. */
function reencodeOriginal(
  input: Buffer,
  type: 'jpeg' | 'png',
  header: ImageHeader,
  raster: number,
): Promise<EncodedImage> {
  const { extension, mimeType } = FORMATS[type];
  // Optimised Huffman tables save a few percent of the file but hold every coefficient: only
  // when that still fits the budget.
  const coefficients = type === 'jpeg' ? header.width * header.height * OPTIMIZED_JPEG_BYTES_PER_PIXEL : 0;
  const optimizeCoding = fitsImageMemoryBudget(raster + coefficients);
  const bytes = raster + (optimizeCoding ? coefficients : 0);
  return withImageErrors(() =>
    imageWork.run(bytes, () => {
      const upright = openImage(input).rotate();
      // A JPEG has no transparency: a WebP's or AVIF's is laid on white, as thumbnails are.
      const encoded =
        type === 'jpeg'
          ? upright.flatten({ background: '#ffffff' }).jpeg({ quality: JPEG_QUALITY, optimizeCoding })
          : upright.png();
      return encoded.toBuffer({ resolveWithObject: true });
    }),
  ).then(({ data, info }) => ({
    file: { data, extension, mimeType },
    size: { width: info.width, height: info.height },
  }));
}

/**
 * The header only (no pixel decoding): the size, refused above the pixel cap before anything
 * allocates for it, the sample layout and the EXIF orientation. sharp reads it from the EXIF of
 * JPEGs and the eXIf chunk of PNGs, absent meaning upright.
 */
async function readHeader(input: Buffer): Promise<ImageHeader> {
  const { width, height, channels, depth, orientation } = await withImageErrors(() =>
    imageWork.run(0, () => openImage(input).metadata()),
  );
  if (!width || !height || !channels || !depth) throw damagedImage();
  if (width * height > MAX_INPUT_PIXELS) throw tooManyPixels();
  return { width, height, channels, depth, orientation: orientation ?? 1 };
}

async function processJpegOrPng(input: Buffer, type: 'jpeg' | 'png'): Promise<ImageInProgress> {
  const header = await readHeader(input);
  if (header.orientation !== 1) {
    const raster = assertRasterFits(header, 'an image that must be turned upright');
    // The thumbnail shrinks on load from the input (a cheap partial decode) rather than from
    // the turned raster, which would have to be copied out of libvips whole, doubling the peak.
    // Decoding once into a raw buffer instead and encoding both files from it measured the same
    // CPU for a 12 MP photo, and that buffer is freed only when the garbage collector gets to it,
    // so back-to-back turns held two rasters (8 parallel 100 MP turns passed 600 MB).
    // Both settle before either's error is thrown: no job is still reading the input when the
    // caller is done with it (the upload route hands its buffer to the next upload).
    const [original, thumbnail] = await Promise.allSettled([
      reencodeOriginal(input, type, header, raster),
      makeThumbnail(input),
    ]);
    if (original.status === 'rejected') throw original.reason;
    if (thumbnail.status === 'rejected') throw thumbnail.reason;
    return { original: original.value.file, size: original.value.size, thumbnail: Promise.resolve(thumbnail.value) };
  }
  const { strip, extension, mimeType } = FORMATS[type];
  // A structurally incomplete file (a truncated upload) is refused here, before any decoding.
  // Cut out of the upload's own buffer: nothing reads the unstripped bytes after this.
  const stripped = strip(input);
  if (!stripped) throw damagedImage();
  // The thumbnail is decoded from the stripped bytes, so what is stored is what proved readable
  // (failOn: 'warning' rejects corrupt entropy data). With orientation 1, `.rotate()` does nothing.
  return {
    original: { data: stripped, extension, mimeType },
    size: { width: header.width, height: header.height },
    thumbnail: makeThumbnail(stripped),
  };
}

/**
 * HEIC/HEIF: the size is checked from the header first, then the worker decodes it to a JPEG,
 * holding its share of the image memory budget meanwhile. That JPEG is freshly encoded from
 * pixels (upright, no EXIF), so it is stored as the original.
 */
async function processHeic(input: Buffer): Promise<ImageInProgress> {
  const size = readHeicDimensions(input);
  if (!size) throw damagedImage();
  const pixels = size.width * size.height;
  if (pixels > MAX_INPUT_PIXELS) throw tooManyPixels();
  if (pixels > MAX_HEIC_PIXELS) throw tooManyHeicPixels();
  const decodeBytes = pixels * HEIC_DECODE_BYTES_PER_PIXEL;
  const jpeg = await imageWork
    .run(decodeBytes, () => heicConversions.convert(input))
    .catch(() => {
      throw damagedImage();
    });
  // The converted JPEG's own header: the HEIC's transforms may have turned it.
  return {
    original: { data: jpeg, extension: 'jpg', mimeType: 'image/jpeg' },
    size: await storedImageSize(jpeg),
    thumbnail: makeThumbnail(jpeg),
  };
}

/**
 * WebP and AVIF are decoded whole (an animation's first frame, the picture every viewer and file
 * chooser shows for it), turned upright by their EXIF (WebP) or transform boxes (AVIF), and stored
 * as a freshly encoded JPEG, or PNG for a lossless WebP so no pixel changes. Encoding again drops
 * every EXIF, XMP and GPS record, and keeps originals in the two formats everything downstream
 * reads (text reading, turning, the API's file types, browsers without AVIF).
 */
async function processWebpOrAvif(input: Buffer, type: 'webp' | 'avif'): Promise<ImageInProgress> {
  const header = await readHeader(input);
  const what = type === 'avif' ? 'AVIF images' : 'WebP images';
  const raster = assertRasterFits(header, what, DECODER_BYTES_PER_PIXEL[type]);
  const encoding = type === 'webp' && isLosslessWebp(input) ? 'png' : 'jpeg';
  const { file, size } = await reencodeOriginal(input, encoding, header, raster);
  // From the stored JPEG or PNG, which shrinks as it streams; an AVIF would be decoded whole again.
  return { original: file, size, thumbnail: makeThumbnail(file.data) };
}

function processByType(input: Buffer, type: 'jpeg' | 'png' | 'heic' | 'webp' | 'avif') {
  if (type === 'heic') return processHeic(input);
  if (type === 'webp' || type === 'avif') return processWebpOrAvif(input, type);
  return processJpegOrPng(input, type);
}

/**
 * Checks the image and makes the original; the thumbnail follows (see `ImageInProgress`). Takes
 * `input` over: an upright JPEG's or PNG's metadata is cut out of it in place.
 */
export async function startFormImage(input: Buffer): Promise<ImageInProgress> {
  if (input.length === 0) throw emptyFile();
  const type = detectImageType(input);
  if (type === undefined || type === 'gif') throw unsupportedImageType();
  const started = await processByType(input, type);
  // Whoever awaits the thumbnail still gets its error; this only keeps a failure that comes
  // before the caller attaches its handler from counting as an unhandled rejection.
  started.thumbnail.catch(() => {});
  return started;
}
