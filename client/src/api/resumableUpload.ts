/**
 * Large files for an import (1 GB PDFs, the thousands of files of a dropped folder) go up over
 * the tus protocol (server: routes/imports/resumableUploads.ts) in 8 MB chunks: a dropped
 * connection retries from the offset the server holds, and a reload or a reopened laptop finds
 * the upload again by its fingerprint (kept in localStorage) and sends only what is missing.
 * Failures are ApiErrors ("{status}: {body}") like every other call, so the error helpers of
 * @formscribe/common/errorMessages read them too.
 */
import { importsApi } from '@formscribe/common/api/imports';
import { type DetailedError, type HttpStack, Upload, type UploadOptions } from 'tus-js-client';
import { ApiError } from './apiClient.ts';
import { apiFor } from './typedApi.ts';

const apiUrl = apiFor(importsApi).url;

export const RESUMABLE_CHUNK_BYTES = 8 * 1024 * 1024;
export const RESUMABLE_RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10000];

export interface ResumableUploadRequest {
  formId: number;
  file: File;
  /** Its path inside a dropped folder (`box1/page_9.jpg`); the file's own name otherwise. */
  relativePath?: string;
  onProgress?: (bytesSent: number, bytesTotal: number) => void;
  /** Stops sending; what the server has is kept, so the same file resumes later. */
  signal?: AbortSignal;
}

/** How the upload reaches the server; tests hand in their own, the browser uses XMLHttpRequest. */
export interface ResumableUploadTransport {
  httpStack?: HttpStack;
  /** Where the upload URLs are found again after a reload (default: tus-js-client's localStorage). */
  urlStorage?: UploadOptions['urlStorage'];
}

/** Same file, same form, same place in its folder: the same upload, whatever the tab. */
function fingerprintOf(formId: number, file: File, name: string): string {
  return ['formscribe-import', formId, name, file.size, file.lastModified, file.type].join(':');
}

function asApiError(error: Error | DetailedError): Error {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return new TypeError(`Network request failed: ${error.message}`);
  return new ApiError(response.getStatus(), response.getBody() || error.message);
}

function abortError(): DOMException {
  return new DOMException('The upload was stopped', 'AbortError');
}

export function uploadResumably(
  { formId, file, relativePath, onProgress, signal }: ResumableUploadRequest,
  transport: ResumableUploadTransport = {},
): Promise<{ importId: number }> {
  const name = relativePath || file.name;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const upload = new Upload(file, {
      endpoint: new URL(
        apiUrl('post', '/api/forms/{id}/uploads', { params: { id: formId } }),
        window.location.origin,
      ).toString(),
      chunkSize: RESUMABLE_CHUNK_BYTES,
      retryDelays: RESUMABLE_RETRY_DELAYS_MS,
      metadata: { filename: name, filetype: file.type },
      fingerprint: async () => fingerprintOf(formId, file, name),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      ...(transport.httpStack ? { httpStack: transport.httpStack } : {}),
      ...(transport.urlStorage ? { urlStorage: transport.urlStorage } : {}),
      onProgress: (sent, total) => onProgress?.(sent, total),
      onError: (error) => {
        signal?.removeEventListener('abort', stop);
        reject(asApiError(error));
      },
      onSuccess: ({ lastResponse }) => {
        signal?.removeEventListener('abort', stop);
        const importId = Number(lastResponse.getHeader('Import-Id'));
        if (Number.isInteger(importId) && importId > 0) resolve({ importId });
        // Worded in English like a server message; the errors catalogue shows it in the reader's language.
        else reject(new ApiError(lastResponse.getStatus(), 'The upload finished but no import was started'));
      },
    });
    // Not terminated: the server keeps what arrived (for 24 hours), so the same file resumes.
    function stop() {
      void upload.abort(false);
      reject(abortError());
    }
    signal?.addEventListener('abort', stop, { once: true });
    void upload.findPreviousUploads().then(
      (previous) => {
        if (signal?.aborted) return;
        const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (latest) upload.resumeFromPreviousUpload(latest);
        upload.start();
      },
      (error: Error) => reject(error),
    );
  });
}
