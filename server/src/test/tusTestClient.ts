/**
 * tus-js-client in Node, as a script or the browser would drive the resumable upload route: for
 * the route's tests and benchmark B16. Resolves with the import's id from the last answer.
 */
import { type DetailedError, Upload } from 'tus-js-client';

export interface TusUploadOptions {
  /** The creation URL: `<app>/api/forms/<id>/uploads` (or /api/v1/…). */
  endpoint: string;
  /** A Buffer, or a file's read stream (tus-js-client then reads slices of the file by its path). */
  file: Buffer | NodeJS.ReadableStream;
  size?: number;
  filename: string;
  headers: Record<string, string>;
  chunkSize: number;
  retryDelays?: number[];
  /** Where a previous attempt left off (a reload resuming), instead of creating a new upload. */
  uploadUrl?: string;
  /** Called after each chunk the server accepted (a test looks at where the bytes are meanwhile). */
  onChunkComplete?: (bytesAccepted: number) => void | Promise<void>;
}

export interface TusUploadResult {
  importId: number;
  uploadUrl: string;
}

export function uploadWithTus(options: TusUploadOptions): Promise<TusUploadResult> {
  return new Promise((resolve, reject) => {
    const upload: Upload = new Upload(options.file as Buffer, {
      endpoint: options.endpoint,
      uploadUrl: options.uploadUrl ?? null,
      uploadSize: options.size ?? null,
      metadata: { filename: options.filename },
      headers: options.headers,
      chunkSize: options.chunkSize,
      retryDelays: options.retryDelays ?? [0, 50, 100, 200],
      // Node has no storage between runs: the tests resume by handing the URL back.
      storeFingerprintForResuming: false,
      onChunkComplete: (_chunk, accepted) => void options.onChunkComplete?.(accepted),
      onError: (error: Error | DetailedError) => reject(error),
      onSuccess: ({ lastResponse }) => {
        const importId = Number(lastResponse.getHeader('Import-Id'));
        if (!Number.isInteger(importId) || importId <= 0) {
          reject(new Error(`the last answer carried no Import-Id (${lastResponse.getStatus()})`));
          return;
        }
        resolve({ importId, uploadUrl: upload.url ?? '' });
      },
    });
    upload.start();
  });
}
