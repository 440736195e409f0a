/**
 * Opens a PDF on disk with pdf.js (its Node "legacy" build) without reading the whole file first:
 * pdf.js asks for byte ranges (the trailer, the cross-reference table, then each page's objects)
 * and a range transport answers them from the file. pdf.js keeps the ranges it has read until the
 * document is destroyed, so memory follows the parts of the file actually read, not its size.
 *
 * pdf.js's parser runs in a worker thread of its own (pdfWorker.mjs): decoding a scanned page's
 * JPEG takes 100 ms of CPU, which would otherwise stall every request the server is answering.
 * If that thread dies (a file that exhausts its memory), `failed` rejects so nothing waits forever.
 */

import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  getDocument,
  PDFDataRangeTransport,
  type PDFDocumentProxy,
  PDFWorker,
  VerbosityLevel,
} from 'pdfjs-dist/legacy/build/pdf.mjs';
import { MAX_INPUT_PIXELS } from '../images/imageErrors.ts';
import { EmbeddedJpegReader } from './pdfEmbeddedJpeg.ts';

const require = createRequire(import.meta.url);
const pdfjsFolder = path.dirname(require.resolve('pdfjs-dist/package.json'));

/**
 * pdf.js reads the file in pieces of this size (the file's first piece is read before it asks)
 * and keeps every piece until the document closes. Small pieces matter: on opening, pdf.js finds
 * the last page by fetching every page dictionary before it (a flat page tree, as scanners write
 * it), and with the scans between them, 256 KB pieces held the whole file (17.5 MB of a 17.7 MB,
 * 300-page PDF) where 16 KB pieces hold 4.9 MB. A scan's stream is still read in one request:
 * pdf.js asks for a run of missing pieces at once.
 */
const RANGE_CHUNK_BYTES = 16 * 1024;
const WORKER_URL = new URL('./pdfWorker.mjs', import.meta.url);
/** The parser's own heap: a hostile file that needs more stops that thread, not the server. */
const WORKER_HEAP_MB = 512;

/** Sent by pdfWorker.mjs when pdf.js leaves out an image over the pixel cap. */
const OVERSIZE_IMAGE_MESSAGE = 'formscribe:oversize-image';

/** A worker thread running pdf.js's parser, wrapped as the Web Worker pdf.js expects. */
function startParserThread() {
  let oversizeImages = 0;
  const thread = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  const failed = new Promise<never>((_, reject) => {
    thread.once('error', () => reject(unreadablePdf('it needs more memory or work than an import may use')));
    thread.once('exit', () => reject(unreadablePdf('reading it stopped unexpectedly')));
  });
  failed.catch(() => undefined); // observed by callers that are still waiting; otherwise moot
  const port = {
    postMessage: (message: unknown, transfer?: readonly ArrayBuffer[]) => thread.postMessage(message, transfer),
    addEventListener: (
      type: string,
      listener: (event: { data: unknown }) => void,
      options?: { signal?: AbortSignal },
    ) => {
      if (type !== 'message') return;
      const onMessage = (data: unknown) => {
        if (data === OVERSIZE_IMAGE_MESSAGE) oversizeImages += 1;
        else listener({ data });
      };
      thread.on('message', onMessage);
      options?.signal?.addEventListener('abort', () => thread.off('message', onMessage), { once: true });
    },
    removeEventListener: () => undefined,
    terminate: () => void thread.terminate(),
  };
  const worker = PDFWorker.create({
    port: port as unknown as NonNullable<Parameters<typeof PDFWorker.create>[0]['port']>,
  });
  const takeOversizeImages = () => {
    const count = oversizeImages;
    oversizeImages = 0;
    return count;
  };
  return { worker, failed, takeOversizeImages, stop: () => thread.terminate() };
}

/** Answers pdf.js's range requests from an open file. */
class FileRangeTransport extends PDFDataRangeTransport {
  /** Bytes handed to pdf.js, which keeps them all until the document is destroyed. */
  bytesGiven = 0;

  constructor(
    private readonly file: FileHandle,
    length: number,
    initialData: Uint8Array,
  ) {
    super(length, initialData);
  }

  /**
   * pdf.js waits for exactly the range it asked for; a failed or short read answers with zeros
   * past what was read, so pdf.js reports a damaged file instead of waiting forever.
   */
  override requestDataRange(begin: number, end: number): void {
    const chunk = Buffer.alloc(end - begin);
    this.bytesGiven += chunk.length;
    this.file.read(chunk, 0, chunk.length, begin).then(
      () => this.onDataRange(begin, chunk),
      () => this.onDataRange(begin, chunk),
    );
  }
}

export interface OpenPdf {
  document: PDFDocumentProxy;
  /** Scans' JPEG streams read from the file as they are. */
  embeddedJpegs: EmbeddedJpegReader;
  /** The file's bytes pdf.js holds (it keeps every range it read): reopen past a bound. */
  bytesHeld(): number;
  /**
   * How many images over the pixel cap pdf.js left out since the last call (it leaves them out
   * with a warning, posted before the page's operator list is complete): such a page is refused.
   */
  takeOversizeImages(): number;
  /** Rejects with an owner-facing reason if the parser thread dies; race page work against it. */
  failed: Promise<never>;
  /** Destroys the document (its parser, caches and ranges) and closes the file; safe to call twice. */
  close(): Promise<void>;
}

/** A whole PDF refused, with the owner-facing reason as its message. */
export class UnreadablePdf extends Error {}

export const unreadablePdf = (detail: string) => new UnreadablePdf(`This PDF could not be read: ${detail}`);

function describeOpenFailure(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') return 'it is protected by a password';
  if (name === 'InvalidPDFException') return 'the file is not a PDF or is damaged';
  if (name === 'MissingPDFException') return 'the file is missing';
  return 'the file is damaged or uses features we cannot open';
}

export async function openPdf(filePath: string): Promise<OpenPdf> {
  const file = await open(filePath, 'r');
  const { size } = await file.stat();
  if (size === 0) {
    await file.close();
    throw unreadablePdf('the file is empty');
  }
  const initial = Buffer.alloc(Math.min(size, RANGE_CHUNK_BYTES));
  await file.read(initial, 0, initial.length, 0);
  const parser = startParserThread();
  const transport = new FileRangeTransport(file, size, initial);
  const loadingTask = getDocument({
    worker: parser.worker,
    range: transport,
    length: size,
    rangeChunkSize: RANGE_CHUNK_BYTES,
    disableAutoFetch: true,
    disableStream: true,
    // An embedded image larger than the pixel cap is left undecoded (a bomb never expands).
    maxImageSize: MAX_INPUT_PIXELS,
    isEvalSupported: false,
    useSystemFonts: false,
    standardFontDataUrl: `${path.join(pdfjsFolder, 'standard_fonts')}/`,
    cMapUrl: `${path.join(pdfjsFolder, 'cmaps')}/`,
    wasmUrl: `${path.join(pdfjsFolder, 'wasm')}/`,
    verbosity: VerbosityLevel.WARNINGS, // pdfWorker.mjs keeps only the oversize-image warning
  });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await loadingTask.destroy().catch(() => undefined);
    parser.worker.destroy();
    await parser.stop();
    await file.close().catch(() => undefined);
  };
  try {
    const document = await Promise.race([loadingTask.promise, parser.failed]);
    const embeddedJpegs = new EmbeddedJpegReader(file, size);
    return {
      document,
      embeddedJpegs,
      bytesHeld: () => initial.length + transport.bytesGiven,
      takeOversizeImages: parser.takeOversizeImages,
      failed: parser.failed,
      close,
    };
  } catch (error) {
    await close();
    throw error instanceof UnreadablePdf ? error : unreadablePdf(describeOpenFailure(error));
  }
}
