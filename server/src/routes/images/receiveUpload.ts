/**
 * Multipart parsing for the upload routes only (the app-wide body parser refuses multipart):
 * formidable, one file, a byte cap chosen per request (the form owner's plan), streamed to a
 * temporary file that is removed when the handler is done, whatever happened. The route
 * authorises first, so strangers never get to stream a body to disk.
 *
 * A body we will not use is refused as soon as that is known, without reading the rest: a
 * Content-Length over the cap before the first byte, a chunked body once its bytes pass the
 * cap, a file in another field (or a second file) when its part headers arrive. Those answers
 * carry `Connection: close`, so the server stops reading instead of draining what the client
 * still sends; formidable is used directly because only it reports the bytes as they arrive.
 */

import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@formscribe/common/messages';
import formidable from 'formidable';
import type { AppContext } from '../../appTypes.ts';
import type { Config } from '../../config.ts';
import { badRequest, HttpError } from '../../errors.ts';
import { IMAGE_ERRORS, noFileReceived } from '../../services/images/imageErrors.ts';
import type { ReceivedFile } from '../../services/images/imageUploads.ts';

export interface UploadOptions {
  /** The multipart field that carries the file (`image`, `logo`). */
  field: string;
  maxBytes: number;
  /** The answer when the file is over `maxBytes`. */
  tooLarge: () => HttpError;
}

/** Small form fields the upload may carry besides its file (the client sends none today). */
const MAX_FIELDS_BYTES = 64 * 1024;
/** Room for boundaries and part headers: a body may exceed its file by this much. */
const MULTIPART_OVERHEAD_BYTES = MAX_FIELDS_BYTES + 16 * 1024;

/** How long a refused upload's connection stays half-open so that the client reads the answer. */
const LINGER_BEFORE_CLOSE_MS = 1_000;

// formidable's FormidableError codes for a file over the cap (formidable/src/FormidableError.js).
const FORMIDABLE_TOO_LARGE = new Set([1009, 1016]);

/** Temporary files of uploads in progress; kept apart from storage, which may be remote. */
export const incomingUploadsDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'incoming');

const notMultipart = () => badRequest(MESSAGES.notMultipart);
const unexpectedFile = (name: string | null, field: string) =>
  badRequest(`Unexpected file in the field "${name ?? ''}": send one file in the multipart field "${field}"`);

function multipartError(error: unknown, options: UploadOptions): HttpError {
  if (error instanceof HttpError) return error;
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  if (typeof code === 'number' && FORMIDABLE_TOO_LARGE.has(code)) return options.tooLarge();
  return notMultipart();
}

/**
 * The answer goes out while the client may still be sending: the connection closes after it
 * rather than reading (and dropping) the rest of an unwanted body. Node closes such a socket as
 * soon as the answer is handed to the kernel; with unread bytes from the client the kernel then
 * resets the connection and drops the answer not yet sent. So only the writing side closes at
 * once, and the socket, still not reading, a moment later.
 */
function closeAfterAnswer(ctx: AppContext) {
  ctx.set('Connection', 'close');
  ctx.req.pause();
  const { socket } = ctx.req;
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_BEFORE_CLOSE_MS).unref();
  };
}

/** formidable's own way to give up a parse (stop writing, remove open files); not in its types. */
function stopParsing(form: object, error: Error) {
  if ('_error' in form && typeof form._error === 'function') form._error(error);
}

/** Receives the one expected file into `uploadDir`; refuses the body as soon as it goes wrong. */
async function receiveFile(ctx: AppContext, options: UploadOptions, uploadDir: string): Promise<formidable.File> {
  const maxBodyBytes = options.maxBytes + MULTIPART_OVERHEAD_BYTES;
  if (!ctx.is('multipart/form-data')) throw notMultipart();
  let refuse: (error: HttpError) => void = () => {};
  const refused = new Promise<never>((_, reject) => {
    refuse = (error) => {
      stopParsing(form, error);
      closeAfterAnswer(ctx);
      reject(error);
    };
  });
  let filesOffered = 0;
  const form = formidable({
    uploadDir,
    maxFileSize: options.maxBytes,
    maxTotalFileSize: options.maxBytes,
    maxFields: 20,
    maxFieldsSize: MAX_FIELDS_BYTES,
    // Empty files reach the pipeline, which answers with a clearer message than formidable's.
    allowEmptyFiles: true,
    minFileSize: 0,
    // Called with each file part's headers, before its bytes: only the first file of the field is wanted.
    filter: (part) => {
      filesOffered += 1;
      if (part.name !== options.field) refuse(unexpectedFile(part.name, options.field));
      else if (filesOffered > 1) refuse(badRequest(IMAGE_ERRORS.oneFileOnly));
      return part.name === options.field && filesOffered === 1;
    },
  });
  // Chunked bodies announce no length: their bytes are counted as they arrive.
  form.on('progress', (bytesReceived) => {
    if (bytesReceived > maxBodyBytes) refuse(options.tooLarge());
  });
  const parsed = form.parse(ctx.req);
  parsed.catch(() => {}); // after a refusal, formidable reports the closed connection here; nobody listens
  try {
    const [, files] = await Promise.race([parsed, refused]);
    const received = files[options.field];
    if (!received?.[0]) throw noFileReceived(options.field);
    return received[0];
  } catch (error) {
    if (!(error instanceof HttpError)) closeAfterAnswer(ctx);
    throw multipartError(error, options);
  }
}

/** Parses the request's single file, hands it to `use`, and always deletes the temporary copy. */
export async function withUploadedFile<T>(
  ctx: AppContext,
  options: UploadOptions,
  use: (file: ReceivedFile) => Promise<T>,
): Promise<T> {
  const announced = ctx.request.length;
  if (announced !== undefined && announced > options.maxBytes + MULTIPART_OVERHEAD_BYTES) {
    closeAfterAnswer(ctx);
    throw options.tooLarge();
  }
  // A folder per request, removed whole at the end: formidable may still be opening a file
  // when the request is refused, so single-file cleanup could miss it.
  const uploadDir = path.join(incomingUploadsDir(ctx.deps.config), randomUUID());
  await fs.mkdir(uploadDir, { recursive: true });
  try {
    const received = await receiveFile(ctx, options, uploadDir);
    return await use({ path: received.filepath, size: received.size, originalName: received.originalFilename ?? '' });
  } finally {
    await fs.rm(uploadDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
  }
}
