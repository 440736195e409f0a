/**
 * Opens a PDF on disk with pdf.js (its Node "legacy" build) without reading the whole file first:
 * pdf.js asks for byte ranges (the trailer, the cross-reference table, then each page's objects)
 * and a range transport answers them from the file. pdf.js keeps the ranges it has read until the
 * document is destroyed, so memory follows the parts of the file actually read, not its size.
 *
 * The parser runs in this thread (pdf.js's "fake worker" in Node); every call it makes is
 * asynchronous and works on one page at a time.
 */

import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  GlobalWorkerOptions,
  getDocument,
  PDFDataRangeTransport,
  type PDFDocumentProxy,
  VerbosityLevel,
} from 'pdfjs-dist/legacy/build/pdf.mjs';
import { MAX_INPUT_PIXELS } from '../images/imageErrors.ts';

const require = createRequire(import.meta.url);
const pdfjsFolder = path.dirname(require.resolve('pdfjs-dist/package.json'));
GlobalWorkerOptions.workerSrc = pathToFileURL(path.join(pdfjsFolder, 'legacy/build/pdf.worker.mjs')).href;

/** pdf.js reads the file in pieces of this size (the file's first piece is read before it asks). */
const RANGE_CHUNK_BYTES = 256 * 1024;

/** Answers pdf.js's range requests from an open file. */
class FileRangeTransport extends PDFDataRangeTransport {
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
    this.file.read(chunk, 0, chunk.length, begin).then(
      () => this.onDataRange(begin, chunk),
      () => this.onDataRange(begin, chunk),
    );
  }
}

export interface OpenPdf {
  document: PDFDocumentProxy;
  /** Destroys the document (its parser, caches and ranges) and closes the file; safe to call twice. */
  close(): Promise<void>;
}

/** The owner-facing reason a whole PDF is refused. */
export function unreadablePdf(detail: string): Error {
  return new Error(`This PDF could not be read: ${detail}`);
}

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
  const loadingTask = getDocument({
    range: new FileRangeTransport(file, size, initial),
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
    verbosity: VerbosityLevel.ERRORS,
  });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await loadingTask.destroy().catch(() => undefined);
    await file.close().catch(() => undefined);
  };
  try {
    return { document: await loadingTask.promise, close };
  } catch (error) {
    await close();
    throw unreadablePdf(describeOpenFailure(error));
  }
}
