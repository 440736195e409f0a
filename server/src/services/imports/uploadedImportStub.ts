/**
 * TEMPORARY stand-in for the lead's `startUploadedImport` (services/imports/imports.ts, being
 * written at the same time), with its exact signature, so the resumable upload route can hand a
 * finished upload over and answer with its import's id. It reads the whole file, as the real one
 * does when it copies it into storage, and remembers what it read; it enqueues nothing. The lead
 * swaps the import in routes/imports/resumableUploads.ts for the real one and deletes this file.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AppDeps } from '../../appTypes.ts';
import type { Form, User } from '../../models/index.ts';

export interface UploadedFile {
  /** The uploader's name for it, a relative path when it came from a folder (`box1/page_9.jpg`). */
  name: string;
  size: number;
  open(): Promise<Readable>;
}

/** What the stand-in read, by import id: the resumable upload tests check the bytes arrived whole. */
export const stubbedImports = new Map<number, { formId: number; name: string; size: number; sha256: string }>();
let lastImportId = 0;

export async function startUploadedImport(
  _deps: AppDeps,
  form: Form,
  _owner: User,
  _uploader: User,
  file: UploadedFile,
): Promise<{ importId: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of await file.open()) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  if (size !== file.size) throw new Error(`the upload holds ${size} bytes, not ${file.size}`);
  lastImportId += 1;
  stubbedImports.set(lastImportId, { formId: form.id, name: file.name, size, sha256: hash.digest('hex') });
  return { importId: lastImportId };
}
