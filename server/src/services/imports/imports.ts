/**
 * Starting imports. A container (PDF, TIFF, ZIP, or one image sent the resumable way) is streamed
 * into the `imports` storage area, where every node's worker can read it, and then its row and
 * its job are created in one transaction: a committed import always gets its job. A IIIF import
 * stores nothing; its worker fetches the manifest. The worker is in importWorker.ts.
 */
import { Readable } from 'node:stream';
import type { AppDeps } from '../../appTypes.ts';
import { HttpError } from '../../errors.ts';
import { type Form, FormImport, type User } from '../../models/index.ts';
import { presentImport } from '../../presenters/presentImport.ts';
import { inTransaction } from '../events/domainEventRecorder.ts';
import type { JobData } from '../events/domainEvents.ts';
import { MEGABYTE } from '../images/imageErrors.ts';
import { assertRoomForAnotherImage } from '../images/uploadLimits.ts';
import { fileStorage } from '../storage/fileStorage.ts';
import { newContainerName } from '../storage/storedNames.ts';
import { containerSizeLimitBytes } from './containerLimits.ts';

export const IMPORT_QUEUE = 'import-container';

export type ImportJob = JobData<typeof IMPORT_QUEUE>;

/** A file to import, however it arrived (a multipart body in memory, a finished resumable upload). */
export interface FileToImport {
  /** The uploader's name for it, or its path in a dropped folder (`box1/page_9.jpg`). */
  name: string;
  size: number;
  open(): Promise<Readable>;
}

const MAX_SOURCE_PATH_LENGTH = 500;

/**
 * The uploader's path for the source column: folders kept (a catalogue names `box1/page_9.jpg`),
 * but no empty, `.` or `..` segments, no control characters, bounded length.
 */
export function cleanSourcePath(name: string): string {
  const segments = name
    .split(/[\\/]/)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .map((segment) => segment.replace(/[\u0000-\u001f\u007f]/g, '').trim())
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..');
  return segments.join('/').slice(-MAX_SOURCE_PATH_LENGTH) || 'upload';
}

export function containerTooLarge(owner: User): HttpError {
  const limitMb = Math.floor(containerSizeLimitBytes(owner) / MEGABYTE);
  return new HttpError(
    413,
    `File is larger than your plan allows for an import: the ${owner.plan} plan accepts files up to ${limitMb} MB`,
    { upgrade: true, limit: limitMb, plan: owner.plan },
  );
}

async function createImport(deps: AppDeps, fields: Partial<FormImport>): Promise<FormImport> {
  return inTransaction(deps, async (events) => {
    const created = await FormImport.query(events.trx).insert(fields).returning('*');
    // The owner is watching: the import starts once committed, not at the workers' next poll.
    await events.record({ type: 'job', job: { queue: IMPORT_QUEUE, data: { importId: created.id } }, startNow: true });
    events.record({ type: 'import-changed', figures: presentImport(created) });
    return created;
  });
}

export async function startUploadedImport(
  deps: AppDeps,
  form: Form,
  owner: User,
  uploader: User,
  file: FileToImport,
): Promise<{ importId: number }> {
  assertRoomForAnotherImage(form, owner);
  if (file.size > containerSizeLimitBytes(owner)) throw containerTooLarge(owner);
  const storage = fileStorage(deps.config);
  const storedName = newContainerName();
  await storage.writeStream('imports', storedName, await file.open());
  try {
    const row = await createImport(deps, {
      formId: form.id,
      createdById: uploader.id,
      kind: 'file',
      name: cleanSourcePath(file.name),
      storedName,
      storedSize: file.size,
    });
    return { importId: row.id };
  } catch (error) {
    await storage.remove('imports', [storedName]).catch(() => {}); // the sweeper takes it otherwise
    throw error;
  }
}

/** A container received whole in memory (a multipart upload of a PDF, TIFF or ZIP). */
export const bufferToImport = (name: string, data: Buffer): FileToImport => ({
  name,
  size: data.length,
  open: async () => Readable.from([data]),
});

export async function startIiifImport(
  deps: AppDeps,
  form: Form,
  owner: User,
  uploader: User,
  iiifUrl: string,
): Promise<{ importId: number }> {
  assertRoomForAnotherImage(form, owner);
  const row = await createImport(deps, {
    formId: form.id,
    createdById: uploader.id,
    kind: 'iiif',
    name: iiifUrl,
    iiifUrl,
  });
  return { importId: row.id };
}
