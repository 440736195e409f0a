/**
 * Multipart parsing for the upload routes only (the app-wide body parser refuses multipart):
 * koa-body with formidable, one file, a byte cap chosen per request (the form owner's plan),
 * streamed to a temporary file that is removed when the handler is done, whatever happened.
 * The route authorises first, so strangers never get to stream a body to disk.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { type KoaBodyMiddlewareOptions, koaBody } from 'koa-body';
import type { AppContext } from '../../appTypes.ts';
import type { Config } from '../../config.ts';
import { badRequest, type HttpError } from '../../errors.ts';
import { IMAGE_ERRORS, noFileReceived } from '../../services/images/imageErrors.ts';
import type { ReceivedFile } from '../../services/images/imageUploads.ts';
import { UPLOAD_HARD_CAP_BYTES } from '../../services/images/uploadLimits.ts';

export interface UploadOptions {
  /** The multipart field that carries the file (`image`, `logo`). */
  field: string;
  maxBytes: number;
  /** The answer when the file is over `maxBytes`. */
  tooLarge: () => HttpError;
}

// formidable's FormidableError codes for a file over the cap (formidable/src/FormidableError.js).
const FORMIDABLE_TOO_LARGE = new Set([1009, 1016]);

/** Temporary files of uploads in progress; kept apart from storage, which may be remote. */
export const incomingUploadsDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'incoming');

/**
 * After formidable gives up (file over the cap), it can leave the request paused. Unread bytes
 * make the socket close with a reset and the client never sees our 413, so the rest of the body
 * is read and dropped; a body that keeps coming past the hard cap is cut off.
 */
function discardRestOfBody(request: IncomingMessage) {
  let discarded = 0;
  request.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > UPLOAD_HARD_CAP_BYTES) request.destroy();
  });
  request.resume();
}

function multipartError(error: unknown, options: UploadOptions): HttpError {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  if (typeof code === 'number' && FORMIDABLE_TOO_LARGE.has(code)) return options.tooLarge();
  return badRequest('The upload could not be read: send the file as multipart/form-data');
}

/** Parses the request's single file, hands it to `use`, and always deletes the temporary copy. */
export async function withUploadedFile<T>(
  ctx: AppContext,
  options: UploadOptions,
  use: (file: ReceivedFile) => Promise<T>,
): Promise<T> {
  // A folder per request, removed whole at the end: formidable may still be opening a file
  // when it reports an error (over the cap, aborted), so single-file cleanup could miss it.
  const uploadDir = path.join(incomingUploadsDir(ctx.deps.config), randomUUID());
  await fs.mkdir(uploadDir, { recursive: true });
  // Counted here rather than with formidable's maxFiles, which leaves the extra file on disk.
  let filesOffered = 0;
  const parserOptions: Partial<KoaBodyMiddlewareOptions> = {
    multipart: true,
    json: false,
    urlencoded: false,
    text: false,
    patchNode: false,
    formidable: {
      uploadDir,
      maxFileSize: options.maxBytes,
      maxTotalFileSize: options.maxBytes,
      maxFields: 20,
      maxFieldsSize: 64 * 1024,
      // Empty files reach the pipeline, which answers with a clearer message than formidable's.
      allowEmptyFiles: true,
      minFileSize: 0,
      // Only the first file of the expected field is written to disk; anything else is skipped.
      filter: (part) => part.name === options.field && ++filesOffered === 1,
    },
  };
  try {
    try {
      await koaBody(parserOptions)(ctx, async () => {});
    } catch (error) {
      discardRestOfBody(ctx.req);
      throw multipartError(error, options);
    }
    const received = ctx.request.files?.[options.field];
    if (filesOffered > 1 || Array.isArray(received)) throw badRequest(IMAGE_ERRORS.oneFileOnly);
    if (received === undefined) throw noFileReceived(options.field);
    return await use({ path: received.filepath, size: received.size, originalName: received.originalFilename ?? '' });
  } finally {
    await fs.rm(uploadDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
  }
}
