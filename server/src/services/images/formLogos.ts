/**
 * A form's logo: JPEG, PNG, GIF or WebP (by content), under 10MB, re-encoded without metadata
 * and at most 1024 px a side (headers show it small). Logos are public: they appear on the
 * signed-out invite landing page.
 */
import fs from 'node:fs/promises';
import type { AppDeps } from '../../appTypes.ts';
import { notFound } from '../../errors.ts';
import { Form } from '../../models/index.ts';
import { FORM_NOT_FOUND } from '../../policies/forms.ts';
import { fileStorage } from '../storage/fileStorage.ts';
import { removeStoredFiles } from '../storage/formFiles.ts';
import { isStoredName, newStoredName } from '../storage/storedNames.ts';
import { detectImageType } from './detectImageType.ts';
import { emptyFile, imageErrorFromSharp, logoTooLarge, MEGABYTE, unsupportedLogoType } from './imageErrors.ts';
import { type EncodedFile, openImage } from './imagePipeline.ts';
import type { ReceivedFile } from './imageUploads.ts';
import { logoProxyUrl } from './imageUrls.ts';
import { lockForm } from './uploadLimits.ts';

/** Logos must be smaller than this (spec: 'Logo file must be smaller than 10MB'). */
export const LOGO_MAX_BYTES = 10 * MEGABYTE;
const LOGO_MAX_SIDE = 1024;

async function encodeLogo(input: Buffer): Promise<EncodedFile> {
  const type = detectImageType(input);
  if (type !== 'jpeg' && type !== 'png' && type !== 'gif' && type !== 'webp') throw unsupportedLogoType();
  const pipeline = openImage(input)
    .rotate()
    .resize({ width: LOGO_MAX_SIDE, height: LOGO_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  try {
    if (type === 'jpeg')
      return { data: await pipeline.jpeg({ quality: 90 }).toBuffer(), extension: 'jpg', mimeType: 'image/jpeg' };
    if (type === 'webp') return { data: await pipeline.webp().toBuffer(), extension: 'webp', mimeType: 'image/webp' };
    // GIF logos keep their first frame, losslessly, with transparency.
    return { data: await pipeline.png().toBuffer(), extension: 'png', mimeType: 'image/png' };
  } catch (error) {
    throw imageErrorFromSharp(error);
  }
}

const removeLogoQuietly = (deps: AppDeps, filename: string | null) =>
  removeStoredFiles(deps.config, 'logos', [filename]).catch((error) =>
    deps.logger.warn({ err: error, filename }, 'could not remove a logo file'),
  );

/** Stores the new logo, points the form at it, then removes the old file. Returns the new URL. */
export async function replaceFormLogo(deps: AppDeps, form: Form, file: ReceivedFile): Promise<string> {
  if (file.size >= LOGO_MAX_BYTES) throw logoTooLarge();
  const input = await fs.readFile(file.path);
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
