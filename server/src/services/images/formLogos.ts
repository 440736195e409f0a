/**
 * A form's logo: JPEG, PNG, GIF or WebP (by content), under 10MB, re-encoded without metadata
 * and at most 1024 px a side (headers show it small). Logos are public: they appear on the
 * signed-out invite landing page.
 */

import { LOGO_MAX_BYTES } from '@formscribe/common/logos';
import type { AppDeps } from '../../appTypes.ts';
import { HttpError, notFound } from '../../errors.ts';
import { Form } from '../../models/index.ts';
import { FORM_NOT_FOUND } from '../../policies/forms.ts';
import { fileStorage } from '../storage/fileStorage.ts';
import { removeStoredFiles } from '../storage/formFiles.ts';
import { isStoredName, newStoredName } from '../storage/storedNames.ts';
import { detectImageType } from './detectImageType.ts';
import {
  damagedImage,
  emptyFile,
  imageErrorFromSharp,
  logoTooLarge,
  tooManyPixelsToDecode,
  unsupportedLogoType,
} from './imageErrors.ts';
import type { EncodedFile } from './imagePipeline.ts';
import type { ReceivedFile } from './imageUploads.ts';
import { logoProxyUrl } from './imageUrls.ts';
import {
  fitsImageMemoryBudget,
  IMAGE_MEMORY_BUDGET_BYTES,
  imageWork,
  openImage,
  rasterBytes,
  STREAMING_JOB_BYTES,
} from './imageWork.ts';
import { lockForm } from './uploadLimits.ts';

const LOGO_MAX_SIDE = 1024;

type LogoType = 'jpeg' | 'png' | 'gif' | 'webp';

/**
 * What decoding the logo may hold. JPEG, PNG and WebP stream and shrink on load; a GIF frame is
 * decoded whole (4 bytes a pixel), so a tiny GIF claiming a huge frame is refused before that.
 */
async function logoDecodeBytes(input: Buffer, type: LogoType): Promise<number> {
  if (type !== 'gif') return STREAMING_JOB_BYTES;
  const { width, height, channels, depth } = await imageWork.run(0, () => openImage(input).metadata());
  if (!width || !height || !channels || !depth) throw damagedImage();
  const bytes = rasterBytes({ width, height, channels, depth });
  if (fitsImageMemoryBudget(bytes)) return bytes;
  throw tooManyPixelsToDecode(
    IMAGE_MEMORY_BUDGET_BYTES / rasterBytes({ width: 1, height: 1, channels, depth }),
    'a GIF logo',
  );
}

async function encodeLogo(input: Buffer): Promise<EncodedFile> {
  const type = detectImageType(input);
  if (type !== 'jpeg' && type !== 'png' && type !== 'gif' && type !== 'webp') throw unsupportedLogoType();
  try {
    const bytes = await logoDecodeBytes(input, type);
    return await imageWork.run(bytes, () => encodeLogoAs(input, type));
  } catch (error) {
    throw error instanceof HttpError ? error : imageErrorFromSharp(error);
  }
}

async function encodeLogoAs(input: Buffer, type: LogoType): Promise<EncodedFile> {
  const pipeline = openImage(input)
    .rotate()
    .resize({ width: LOGO_MAX_SIDE, height: LOGO_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  if (type === 'jpeg')
    return { data: await pipeline.jpeg({ quality: 90 }).toBuffer(), extension: 'jpg', mimeType: 'image/jpeg' };
  if (type === 'webp') return { data: await pipeline.webp().toBuffer(), extension: 'webp', mimeType: 'image/webp' };
  // GIF logos keep their first frame, losslessly, with transparency.
  return { data: await pipeline.png().toBuffer(), extension: 'png', mimeType: 'image/png' };
}

const removeLogoQuietly = (deps: AppDeps, filename: string | null) =>
  removeStoredFiles(deps.config, 'logos', [filename]).catch((error) =>
    deps.logger.warn({ err: error, filename }, 'could not remove a logo file'),
  );

/** Stores the new logo, points the form at it, then removes the old file. Returns the new URL. */
export async function replaceFormLogo(deps: AppDeps, form: Form, file: ReceivedFile): Promise<string> {
  const input = file.data;
  if (input.length >= LOGO_MAX_BYTES) throw logoTooLarge();
  if (input.length === 0) throw emptyFile();
  const logo = await encodeLogo(input);
  const filename = newStoredName(logo.extension);
  let previous: string | null;
  try {
    await fileStorage(deps.config).write('logos', filename, logo.data);
    previous = await deps.knex.transaction(async (trx) => {
      const locked = await lockForm(trx, form.id);
      if (!locked) throw notFound(FORM_NOT_FOUND);
      const replaced = locked.logoFilename; // read before patch(), which updates the instance
      await locked
        .$query(trx)
        .patch({ logoFilename: filename, logoUrl: logoProxyUrl(filename), updatedAt: new Date() });
      return replaced;
    });
  } catch (error) {
    await removeLogoQuietly(deps, filename);
    throw error;
  }
  await removeLogoQuietly(deps, previous);
  return logoProxyUrl(filename);
}

/** Whether some form uses this stored file as its logo (only those are served). */
export async function isFormLogo(filename: string): Promise<boolean> {
  if (!isStoredName(filename)) return false;
  return Boolean(await Form.query().findOne({ logoFilename: filename }).select('id'));
}
