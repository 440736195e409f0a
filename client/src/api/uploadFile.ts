/**
 * Multipart uploads with progress. fetch cannot report upload progress, so this one call uses
 * XMLHttpRequest; it fails the same way apiClient does (ApiError "{status}: {body}"), so the
 * error helpers of @formscribe/common/errorMessages read its failures like any other.
 */
import type { z } from 'zod';
import { ApiError } from './apiClient.ts';

export interface UploadFileOptions<Schema extends z.ZodType> {
  url: string;
  /** The multipart field the server reads the file from (`image`, `logo`). */
  field: string;
  file: File;
  schema: Schema;
  /** Called with the fraction of this file's bytes sent, from 0 to 1. */
  onProgress?: (fraction: number) => void;
}

export function uploadFile<Schema extends z.ZodType>({
  url,
  field,
  file,
  schema,
  onProgress,
}: UploadFileOptions<Schema>): Promise<z.output<Schema>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) {
        reject(new ApiError(request.status, request.responseText || request.statusText));
        return;
      }
      try {
        resolve(schema.parse(request.responseText ? JSON.parse(request.responseText) : undefined));
      } catch (error) {
        reject(error);
      }
    };
    // A TypeError, as fetch throws for a request that never got an answer.
    request.onerror = () => reject(new TypeError('Network request failed'));
    request.onabort = () => reject(new TypeError('Network request aborted'));
    const body = new FormData();
    body.append(field, file);
    request.send(body);
  });
}
