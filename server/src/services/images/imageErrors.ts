/**
 * The 4xx answers for bad uploads, worded once. Each says what was wrong and what is accepted;
 * the client shows the message as is ('Upload failed' toast).
 */
import { UNSUPPORTED_IMAGE_TYPE_MESSAGE } from '@formscribe/common/imageFormats';
import { LOGO_TOO_LARGE_MESSAGE } from '@formscribe/common/logos';
import { badRequest, HttpError } from '../../errors.ts';

/** The largest decoded image accepted, in pixels: stops decompression bombs before decoding. */
export const MAX_INPUT_PIXELS = 100_000_000;

/**
 * HEIC is decoded whole in a WebAssembly worker, about 15 bytes a pixel: this keeps one decode
 * under 0.8 GB while accepting every phone's largest HEIC (48 megapixels).
 */
export const MAX_HEIC_PIXELS = 50_000_000;

const megapixels = (pixels: number) => Math.floor(pixels / 1_000_000);

export const IMAGE_ERRORS = {
  unsupportedType: UNSUPPORTED_IMAGE_TYPE_MESSAGE,
  unsupportedLogoType: 'Unsupported file type: the logo must be a JPEG, PNG, GIF or WebP image',
  empty: 'The file is empty',
  damaged: 'The image could not be read: the file is damaged or incomplete',
  tooManyPixels: `The image has too many pixels: at most ${megapixels(MAX_INPUT_PIXELS)} megapixels are accepted`,
  tooManyHeicPixels: `The image has too many pixels: at most ${megapixels(MAX_HEIC_PIXELS)} megapixels are accepted for HEIC images`,
  oneFileOnly: 'Upload one file per request',
  logoTooLarge: LOGO_TOO_LARGE_MESSAGE,
} as const;

export const noFileReceived = (field: string) =>
  badRequest(`No file received: send the file in the multipart field "${field}"`);
export const unsupportedImageType = () => new HttpError(415, IMAGE_ERRORS.unsupportedType);
export const unsupportedLogoType = () => new HttpError(415, IMAGE_ERRORS.unsupportedLogoType);
export const emptyFile = () => badRequest(IMAGE_ERRORS.empty);
export const damagedImage = () => badRequest(IMAGE_ERRORS.damaged);
export const tooManyPixels = () => badRequest(IMAGE_ERRORS.tooManyPixels);
export const tooManyHeicPixels = () => badRequest(IMAGE_ERRORS.tooManyHeicPixels);
/**
 * An image that must be decoded whole (turned upright, a GIF frame) and whose pixels would not
 * fit the memory set aside for image work; `maxPixels` is the limit for images of its kind.
 */
export const tooManyPixelsToDecode = (maxPixels: number, what: string) =>
  badRequest(`The image has too many pixels: at most ${megapixels(maxPixels)} megapixels are accepted for ${what}`);
export const logoTooLarge = () => new HttpError(413, IMAGE_ERRORS.logoTooLarge);
export const fileTooLarge = (maxBytes: number) =>
  new HttpError(413, `The file is too large: uploads are limited to ${Math.floor(maxBytes / MEGABYTE)} MB`);

export const MEGABYTE = 1024 * 1024;

/** sharp's errors: a pixel-limit refusal is the uploader's image being too big, anything else a damaged file. */
export function imageErrorFromSharp(error: unknown): HttpError {
  const message = error instanceof Error ? error.message : String(error);
  return /pixel limit/i.test(message) ? tooManyPixels() : damagedImage();
}
