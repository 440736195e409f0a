/**
 * Adding an image to a form: plan checks (the owner's), the pipeline, atomic storage writes,
 * then the row, counted and numbered under locks on the form. Any failure leaves no row and no file.
 */
import { createHash } from 'node:crypto';
import { dataFields, fieldsSchema } from '@formscribe/common/fields';
import type { Knex } from 'knex';
import type { AppDeps } from '../../appTypes.ts';
import { notFound } from '../../errors.ts';
import { type Form, FormImage, type User } from '../../models/index.ts';
import { FORM_NOT_FOUND } from '../../policies/forms.ts';
import { auditImageArrived } from '../audit/auditedChanges.ts';
import { applyCatalogueToImage } from '../catalogue/catalogueStore.ts';
import { inTransaction } from '../events/domainEventRecorder.ts';
import { enqueueMachineReadingOnUpload } from '../ocr/machineReadingJob.ts';
import { enqueueShiftEstimateOnUpload } from '../regions/regionShiftJob.ts';
import { applyImageCounterDelta } from '../stats/formCounters.ts';
import { fileStorage } from '../storage/fileStorage.ts';
import type { FileStorage } from '../storage/fileStorageTypes.ts';
import { removeImageFiles } from '../storage/formFiles.ts';
import { newImageFileNames } from '../storage/storedNames.ts';
import { type EncodedFile, type ImageInProgress, startFormImage } from './imagePipeline.ts';
import { imageUrls } from './imageUrls.ts';
import {
  assertRoomForAnotherImage,
  findFormOwner,
  imageSizeLimitBytes,
  imageTooLarge,
  lockFormForNewImage,
  uploadCapFor,
} from './uploadLimits.ts';

/** The one file of an upload, as the multipart parser received it. */
export interface ReceivedFile {
  data: Buffer;
  /** The uploader's name for it, unchecked (see `cleanOriginalName`). */
  originalName: string;
  /** SHA-256 of `data` (hex), when the receiver worked it out as the bytes arrived. */
  sha256?: string;
}

export interface StoredImage {
  image: FormImage;
}

/** Where an image comes from when an import adds it (a single upload names only its file). */
export interface ImageOrigin {
  source: { fileName: string; page: number | null };
  /** What the source said of the image (a IIIF canvas); the catalogue's row is laid over it. */
  sourceMetadata?: Record<string, string>;
  /** Refuse with `DuplicateImage` when the form already holds these bytes (imports do; single uploads do not). */
  skipDuplicate?: boolean;
  /** The import that brings the image, named in the audit trail. */
  importId?: number;
}

/** The form already holds an image with the same bytes (by content hash). */
export class DuplicateImage extends Error {
  constructor(readonly existingImageId: number) {
    super('The form already has an image with the same bytes');
  }
}

const contentHashOf = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function existingCopy(knex: Knex, formId: number, contentHash: string): Promise<number | undefined> {
  const row = await FormImage.query(knex).where({ formId, contentHash }).select('id').first();
  return row?.id;
}

type NewImageFileNames = ReturnType<typeof newImageFileNames>;

const MAX_ORIGINAL_NAME_LENGTH = 255;

/** The uploader's file name for display only: no folders, no control characters, bounded length. */
export function cleanOriginalName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const printable = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return printable.slice(0, MAX_ORIGINAL_NAME_LENGTH) || 'image';
}

/** Data fields the form has now: each new image starts with this many fields to verify. */
function countDataFields(form: Form): number {
  const parsed = fieldsSchema.safeParse(form.fields);
  return parsed.success ? dataFields(parsed.data).length : 0;
}

/**
 * Before the body is read: the owner whose plan applies, and an early refusal when the form is
 * already full (the binding count runs again under the form lock in `storeFormImage`). When the
 * uploader is the owner (most uploads), their row, read with the session, is the owner's: the
 * body starts arriving one query sooner.
 */
export async function prepareImageUpload(form: Form, uploader?: User) {
  const owner = uploader?.id === form.createdById ? uploader : await findFormOwner(form);
  assertRoomForAnotherImage(form, owner);
  return { owner, cap: uploadCapFor(owner) };
}

/**
 * Stores the original while its thumbnail is still being made, then the thumbnail. Both are
 * awaited to the end even when one fails, so no write is still running when the caller's
 * cleanup removes the files; an unreadable image (the thumbnail's error) is the answer first.
 */
async function writeImageFiles(storage: FileStorage, names: NewImageFileNames, image: ImageInProgress) {
  const [originalWrite, thumbnailWrite] = await Promise.allSettled([
    storage.write('images', names.filename, image.original.data),
    image.thumbnail.then(async (thumbnail): Promise<EncodedFile> => {
      await storage.write('thumbnails', names.thumbnailFilename, thumbnail.data);
      return thumbnail;
    }),
  ]);
  if (thumbnailWrite.status === 'rejected') throw thumbnailWrite.reason;
  if (originalWrite.status === 'rejected') throw originalWrite.reason;
  return thumbnailWrite.value;
}

/** `uploadedBy`: who sent a single upload (the audit trail's actor); an import's worker is nobody. */
export async function storeFormImage(
  deps: AppDeps,
  form: Form,
  owner: User,
  file: ReceivedFile,
  origin?: ImageOrigin,
  uploadedBy: User | null = null,
): Promise<StoredImage> {
  if (file.data.length > imageSizeLimitBytes(owner)) throw imageTooLarge(owner);
  const contentHash = file.sha256 ?? contentHashOf(file.data);
  if (origin?.skipDuplicate) {
    // Early, before any pixel work; the binding check runs again under the form's lock.
    const existing = await existingCopy(deps.knex, form.id, contentHash);
    if (existing !== undefined) throw new DuplicateImage(existing);
  }
  const started = await startFormImage(file.data);
  const { original, size } = started;

  const names = newImageFileNames(original.extension);
  try {
    const thumbnail = await writeImageFiles(fileStorage(deps.config), names, started);
    const stored = await inTransaction(deps, async (events) => {
      const { trx } = events;
      const locked = await lockFormForNewImage(trx, form.id);
      if (!locked) throw notFound(FORM_NOT_FOUND);
      assertRoomForAnotherImage(locked, owner);
      if (origin?.skipDuplicate) {
        const existing = await existingCopy(trx, form.id, contentHash);
        if (existing !== undefined) throw new DuplicateImage(existing);
      }
      // RETURNING * gives the row as stored, with the number the database gave it, in one round trip.
      const image = await FormImage.query(trx)
        .insert({
          formId: form.id,
          ...names,
          ...imageUrls(names),
          originalName: cleanOriginalName(file.originalName),
          sourceFileName: origin?.source.fileName ?? cleanOriginalName(file.originalName),
          sourcePage: origin?.source.page ?? null,
          sourceMetadata: origin?.sourceMetadata ?? {},
          metadata: origin?.sourceMetadata ?? {},
          contentHash,
          mimeType: original.mimeType,
          size: original.data.length,
          width: size?.width ?? null,
          height: size?.height ?? null,
          thumbnailSize: thumbnail.data.length,
          totalFieldCount: countDataFields(locked), // the fields as they are now, not at request start
        })
        .returning('*');
      // Empty when the form has no catalogue: the row keeps what its source said.
      const catalogued = await applyCatalogueToImage(trx, image.id);
      if (Object.keys(catalogued).length > 0) image.metadata = catalogued;
      await applyImageCounterDelta(trx, form.id, null, image);
      await enqueueShiftEstimateOnUpload(events, form.id, image.id);
      await enqueueMachineReadingOnUpload(events, form.id, image.id);
      events.record({ type: 'image-added', form, image });
      await auditImageArrived(events, uploadedBy, image, {
        fileName: image.sourceFileName,
        page: image.sourcePage,
        ...(origin?.importId === undefined ? {} : { importId: origin.importId }),
      });
      // The database numbered the row (the form's highest number plus one) under our locks.
      return { image };
    });
    return stored;
  } catch (error) {
    await removeImageFiles(deps.config, names).catch((cleanupError) =>
      deps.logger.warn({ err: cleanupError, names }, 'could not remove the files of a failed upload'),
    );
    throw error;
  }
}
