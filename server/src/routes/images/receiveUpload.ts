/**
 * Multipart parsing for the upload routes only (the app-wide body parser refuses multipart):
 * formidable, one file, a byte cap chosen per request (the form owner's plan), received into
 * memory. The cap bounds what one request holds (the plan's size, at most the hard cap), and the
 * image work reads the bytes whole anyway: a temporary file only cost a write and a read of every
 * upload before its pixels could be looked at. The route authorises first, so strangers never
 * get to send a body that is kept.
 *
 * A body we will not use is refused as soon as that is known, without reading the rest: a
 * Content-Length over the cap before the first byte, a chunked body once its bytes pass the
 * cap, a file in another field (or a second file) when its part headers arrive. Those answers
 * carry `Connection: close`, so the server stops reading instead of draining what the client
 * still sends; formidable is used directly because only it reports the bytes as they arrive.
 */

import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { MESSAGES } from '@formscribe/common/messages';
import formidable from 'formidable';
import type { AppContext } from '../../appTypes.ts';
import { badRequest, HttpError } from '../../errors.ts';
import { IMAGE_ERRORS, noFileReceived } from '../../services/images/imageErrors.ts';
import type { ReceivedFile } from '../../services/images/imageUploads.ts';
import type { ReceiveBufferPool } from './receiveBufferPool.ts';

export interface UploadOptions {
  /** The multipart field that carries the file (`image`, `logo`). */
  field: string;
  maxBytes: number;
  /** The answer when the file is over `maxBytes`. */
  tooLarge: () => HttpError;
  /**
   * Receive into a buffer of this pool, handed back once `use` has settled: only for a `use`
   * that keeps nothing of the file's bytes afterwards and leaves no work reading them.
   */
  buffers?: ReceiveBufferPool;
}

/** Small form fields the upload may carry besides its file (the client sends none today). */
const MAX_FIELDS_BYTES = 64 * 1024;
/** Room for boundaries and part headers: a body may exceed its file by this much. */
const MULTIPART_OVERHEAD_BYTES = MAX_FIELDS_BYTES + 16 * 1024;

/** How long a refused upload's connection stays half-open so that the client reads the answer. */
const LINGER_BEFORE_CLOSE_MS = 1_000;

// formidable's FormidableError codes for a file over the cap (formidable/src/FormidableError.js).
const FORMIDABLE_TOO_LARGE = new Set([1009, 1016]);

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

/**
 * Where formidable writes the file's bytes. With a Content-Length (browsers always send one) the
 * file is copied into one buffer of that size as its chunks arrive, taken with the first chunk
 * (from the route's pool, if it has one): the socket's chunks are let go at once and no large
 * copy runs when the part ends. The length was checked against the cap before reading, so this
 * holds no more than the cap. A chunked body (no length) keeps its chunks and joins them at the end.
 * Once the file is taken (`data`), nothing more is written into it, whatever the parser still sends.
 * Its SHA-256 is worked out chunk by chunk as the bytes arrive, while the request mostly waits for
 * the client, rather than over the whole file once it is in.
 */
class MemoryFile {
  private buffer: Buffer | undefined;
  /** The pool's buffer that `buffer` is the start of. */
  private pooled: Buffer | undefined;
  private readonly chunks: Buffer[] = [];
  private bytes = 0;
  private sealed = false;
  private readonly hash = createHash('sha256');

  constructor(
    private readonly bodyLength: number | undefined,
    private readonly pool: ReceiveBufferPool | undefined,
  ) {}

  readonly sink = () =>
    new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        this.add(chunk);
        done();
      },
    });

  private add(chunk: Buffer) {
    if (this.sealed) return;
    this.hash.update(chunk);
    if (this.bodyLength !== undefined && !this.chunks.length) {
      this.buffer ??= this.takeBuffer(this.bodyLength);
      if (this.bytes + chunk.length <= this.buffer.length) {
        this.bytes += chunk.copy(this.buffer, this.bytes);
        return;
      }
      // More file than the announced body: the parser would have refused it; kept all the same.
      this.chunks.push(this.buffer.subarray(0, this.bytes));
      this.buffer = undefined;
    }
    this.chunks.push(chunk);
    this.bytes += chunk.length;
  }

  private takeBuffer(bytes: number): Buffer {
    if (!this.pool) return Buffer.allocUnsafeSlow(bytes);
    this.pooled = this.pool.take(bytes);
    return this.pooled.subarray(0, bytes);
  }

  /** SHA-256 of the file (hex); call once, after `data`. */
  sha256(): string {
    return this.hash.digest('hex');
  }

  /** The whole file; nothing is written into it after this. */
  data(): Buffer {
    this.sealed = true;
    if (this.buffer) return this.buffer.subarray(0, this.bytes);
    return this.chunks.length === 1 && this.chunks[0] ? this.chunks[0] : Buffer.concat(this.chunks, this.bytes);
  }

  /** Once nothing uses the file any more: its buffer goes back to the pool it came from. */
  release() {
    this.sealed = true;
    if (this.pooled) this.pool?.giveBack(this.pooled);
    this.pooled = undefined;
    this.buffer = undefined;
  }
}

interface Received {
  file: ReceivedFile;
  memory: MemoryFile;
}

/** Receives the one expected file into memory; refuses the body as soon as it goes wrong. */
async function receiveFile(ctx: AppContext, options: UploadOptions): Promise<Received> {
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
  const file = new MemoryFile(ctx.request.length, options.buffers);
  const form = formidable({
    fileWriteStreamHandler: file.sink,
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
    const received = files[options.field]?.[0];
    if (!received) throw noFileReceived(options.field);
    const data = file.data();
    return { file: { data, originalName: received.originalFilename ?? '', sha256: file.sha256() }, memory: file };
  } catch (error) {
    // Not handed back to a pool: the parser may still be writing into it.
    file.data();
    if (!(error instanceof HttpError)) closeAfterAnswer(ctx);
    throw multipartError(error, options);
  }
}

/** Parses the request's single file and hands it to `use` (the file's memory is reused once `use` settles). */
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
  const { file, memory } = await receiveFile(ctx, options);
  try {
    return await use(file);
  } finally {
    memory.release();
  }
}
