/**
 * Turns an uploaded form image into what we store: the original without metadata (EXIF GPS,
 * camera serials, XMP, IPTC and text chunks never reach other users) and a ~400 px wide JPEG
 * thumbnail. Originals stay lossless whenever they are already upright: their metadata is cut
 * out byte-wise, so archivists' scans keep every pixel (and their ICC colour profile) and the
 * upload skips a full decode and re-encode. Only a JPEG/PNG whose EXIF orientation asks for a
 * turn is re-encoded, upright. Anything that is not a readable JPEG, PNG or HEIC/HEIF is refused.
 */
import sharp from 'sharp';
import type { StoredExtension } from '../storage/storedNames.ts';
import { detectImageType } from './detectImageType.ts';
import { heicConversions } from './heicConverter.ts';
import { readHeicDimensions } from './heicDimensions.ts';
import {
  damagedImage,
  emptyFile,
  imageErrorFromSharp,
  MAX_INPUT_PIXELS,
  tooManyPixels,
  unsupportedImageType,
} from './imageErrors.ts';
import { stripJpegMetadata } from './jpegMetadataStripper.ts';
import { stripPngMetadata } from './pngMetadataStripper.ts';

export const THUMBNAIL_WIDTH = 400;
const JPEG_QUALITY = 90;
const THUMBNAIL_QUALITY = 80;

export interface EncodedFile {
  data: Buffer;
  extension: StoredExtension;
  mimeType: string;
}

export interface ProcessedImage {
  original: EncodedFile;
  thumbnail: EncodedFile;
}

/** sharp with our limits: a pixel cap against decompression bombs, and truncation is an error. */
export const openImage = (input: Buffer) => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' });

async function withImageErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw imageErrorFromSharp(error);
  }
}

/** `.rotate()` with no angle applies the EXIF orientation; output carries no metadata by default. */
function makeThumbnail(input: Buffer): Promise<EncodedFile> {
  return withImageErrors(() =>
    openImage(input)
      .rotate()
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: THUMBNAIL_QUALITY })
      .toBuffer(),
  ).then((data) => ({ data, extension: 'jpg', mimeType: 'image/jpeg' }));
}

const FORMATS = {
  jpeg: { extension: 'jpg', mimeType: 'image/jpeg', strip: stripJpegMetadata },
  png: { extension: 'png', mimeType: 'image/png', strip: stripPngMetadata },
} as const;

/** Upright and without metadata by decoding and encoding again: only for images that must turn. */
function reencodeOriginal(input: Buffer, type: 'jpeg' | 'png'): Promise<EncodedFile> {
  const { extension, mimeType } = FORMATS[type];
  return withImageErrors(() => {
    const upright = openImage(input).rotate();
    return (type === 'jpeg' ? upright.jpeg({ quality: JPEG_QUALITY }) : upright.png()).toBuffer();
  }).then((data) => ({ data, extension, mimeType }));
}

/**
 * The header only (no pixel decoding): the size, refused above the pixel cap before anything
 * allocates for it, and the EXIF orientation. sharp reads it from the EXIF of JPEGs and the
 * eXIf chunk of PNGs, absent meaning upright.
 */
async function readHeader(input: Buffer): Promise<{ orientation: number }> {
  const { width, height, orientation } = await withImageErrors(() => openImage(input).metadata());
  if (!width || !height) throw damagedImage();
  if (width * height > MAX_INPUT_PIXELS) throw tooManyPixels();
  return { orientation: orientation ?? 1 };
}

async function processJpegOrPng(input: Buffer, type: 'jpeg' | 'png'): Promise<ProcessedImage> {
  const { orientation } = await readHeader(input);
  if (orientation !== 1) {
    const [original, thumbnail] = await Promise.all([reencodeOriginal(input, type), makeThumbnail(input)]);
    return { original, thumbnail };
  }
  const { strip, extension, mimeType } = FORMATS[type];
  // A structurally incomplete file (a truncated upload) is refused here, before any decoding.
  const stripped = strip(input);
  if (!stripped) throw damagedImage();
  // The thumbnail is decoded from the stripped bytes, so what is stored is what proved readable
  // (failOn: 'warning' rejects corrupt entropy data). With orientation 1, `.rotate()` does nothing.
  return { original: { data: stripped, extension, mimeType }, thumbnail: await makeThumbnail(stripped) };
}

/**
 * HEIC/HEIF: the size is checked from the header first, then the worker decodes it to a JPEG.
 * That JPEG is freshly encoded from pixels (upright, no EXIF), so it is stored as the original.
 */
async function processHeic(input: Buffer): Promise<ProcessedImage> {
  const size = readHeicDimensions(input);
  if (!size) throw damagedImage();
  if (size.width * size.height > MAX_INPUT_PIXELS) throw tooManyPixels();
  const jpeg = await heicConversions.convert(input).catch(() => {
    throw damagedImage();
  });
  return { original: { data: jpeg, extension: 'jpg', mimeType: 'image/jpeg' }, thumbnail: await makeThumbnail(jpeg) };
}

export async function processFormImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length === 0) throw emptyFile();
  const type = detectImageType(input);
  if (type === 'heic') return processHeic(input);
  if (type !== 'jpeg' && type !== 'png') throw unsupportedImageType();
  return processJpegOrPng(input, type);
}
