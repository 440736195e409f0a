/**
 * PLACEHOLDER until the resumable (tus) client lands: same signature as the real
 * `uploadResumably`, but one plain multipart POST to /api/forms/{id}/images, no resuming. The
 * server answers 202 { importId } for a container (PDF, TIFF, ZIP) and 201 with the image for a
 * single image, which went in at once: `importId` is then null. Swap this whole file for the real one.
 */
import { importStartedResponseSchema } from '@formscribe/common/schemas/imports';
import { z } from 'zod';
import { uploadFile } from './uploadFile.ts';

export interface ResumableUploadOptions {
  formId: number;
  file: File;
  /** The file's path in a dropped or chosen folder (`box1/page_9.jpg`), else its name. */
  relativePath: string;
  /** Bytes of this file sent so far. */
  onProgress?: (bytesSent: number, bytesTotal: number) => void;
  signal?: AbortSignal;
}

/** A 202 names the import; any other success is the image itself. */
const answerSchema = z.union([importStartedResponseSchema, z.object({ id: z.number() }).transform(() => null)]);

export async function uploadResumably({
  formId,
  file,
  relativePath,
  onProgress,
  signal,
}: ResumableUploadOptions): Promise<{ importId: number | null }> {
  signal?.throwIfAborted();
  // The plain route keeps only the file's own name; the real client sends the path as metadata.
  void relativePath;
  const answer = await uploadFile({
    url: `/api/forms/${formId}/images`,
    field: 'image',
    file,
    schema: answerSchema,
    onProgress: (fraction) => onProgress?.(Math.round(fraction * file.size), file.size),
  });
  return { importId: answer?.importId ?? null };
}
