/**
 * Turns an uploaded form image into what we store: the original re-encoded (upright, no
 * metadata: EXIF GPS, camera serials and ICC profiles never reach other users) and a ~400 px
 * wide JPEG thumbnail. Anything that is not a readable JPEG, PNG or HEIC/HEIF is refused.
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

async function encode(run: () => Promise<Buffer>): Promise<Buffer> {
  try {
    return await run();
  } catch (error) {
    throw imageErrorFromSharp(error);
  }
}

/** `.rotate()` with no angle applies the EXIF orientation; output carries no metadata by default. */
function makeThumbnail(input: Buffer): Promise<EncodedFile> {
  return encode(() =>
    openImage(input)
      .rotate()
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: THUMBNAIL_QUALITY })
      .toBuffer(),
  ).then((data) => ({ data, extension: 'jpg', mimeType: 'image/jpeg' }));
}

function reencodeOriginal(input: Buffer, type: 'jpeg' | 'png'): Promise<EncodedFile> {
  const upright = () => openImage(input).rotate();
  return type === 'jpeg'
    ? encode(() => upright().jpeg({ quality: JPEG_QUALITY }).toBuffer()).then((data) => ({
        data,
        extension: 'jpg',
        mimeType: 'image/jpeg',
      }))
    : encode(() => upright().png().toBuffer()).then((data) => ({ data, extension: 'png', mimeType: 'image/png' }));
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
  const [original, thumbnail] = await Promise.all([reencodeOriginal(input, type), makeThumbnail(input)]);
  return { original, thumbnail };
}
