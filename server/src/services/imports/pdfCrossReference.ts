/**
 * Where each object starts in a PDF file, from its cross-reference sections (classic tables and
 * compressed cross-reference streams, newest first along /Prev), so a scanned page's JPEG can be
 * read from the file as it is. Only objects stored directly in the file are listed (images
 * always are; objects inside object streams are not needed here). A section that cannot be read
 * ends the walk with what was found; a file that reads nothing gets no passthrough, not an error.
 */
import type { FileHandle } from 'node:fs/promises';
import zlib from 'node:zlib';
import { isDict, isName, type PdfDict, PdfSyntaxReader, type PdfValue } from './pdfObjectSyntax.ts';

/** Cross-reference data larger than this is not read (a 5,000-page table is about 0.3 MB). */
const MAX_SECTION_BYTES = 16 * 1024 * 1024;
const MAX_SECTIONS = 64;

export async function readAt(file: FileHandle, offset: number, length: number): Promise<Buffer> {
  const bytes = Buffer.alloc(length);
  const { bytesRead } = await file.read(bytes, 0, length, offset);
  return bytes.subarray(0, bytesRead);
}

const integer = (value: PdfValue | undefined) => (typeof value === 'number' && Number.isInteger(value) ? value : null);
const integers = (value: PdfValue | undefined) =>
  Array.isArray(value) && value.every((item) => integer(item) !== null) ? (value as number[]) : null;

/** Reads from `offset` until `marker` appears (growing the window), for sections of unknown length. */
async function readUntil(file: FileHandle, offset: number, size: number, marker: string): Promise<Buffer | null> {
  for (let length = 64 * 1024; ; length *= 4) {
    const bytes = await readAt(file, offset, Math.min(length, size - offset, MAX_SECTION_BYTES));
    if (bytes.includes(marker, 0, 'latin1')) return bytes;
    if (bytes.length < length) return null;
  }
}

/** A classic `xref` table; returns its trailer. */
function readTable(reader: PdfSyntaxReader, offsets: Map<number, number>): PdfDict | null {
  for (;;) {
    const word = reader.keyword();
    if (word === 'trailer') {
      const trailer = reader.value();
      return isDict(trailer) ? trailer : null;
    }
    const first = Number(word);
    const count = Number(reader.keyword());
    if (!Number.isInteger(first) || !Number.isInteger(count)) return null;
    for (let index = 0; index < count; index += 1) {
      const offset = Number(reader.keyword());
      reader.keyword(); // generation
      const kind = reader.keyword();
      if (!Number.isInteger(offset)) return null;
      if (kind === 'n' && !offsets.has(first + index)) offsets.set(first + index, offset);
    }
  }
}

/** Undoes the PNG predictors (/Predictor ≥ 10) cross-reference streams are usually written with. */
function unpredict(data: Buffer, columns: number): Buffer | null {
  const rowLength = columns + 1;
  if (data.length % rowLength) return null;
  const rows = data.length / rowLength;
  const out = Buffer.alloc(rows * columns);
  for (let row = 0; row < rows; row += 1) {
    const filter = data[row * rowLength];
    for (let column = 0; column < columns; column += 1) {
      const raw = data[row * rowLength + 1 + column] ?? 0;
      const up = row ? (out[(row - 1) * columns + column] ?? 0) : 0;
      const left = column ? (out[row * columns + column - 1] ?? 0) : 0;
      const upLeft = row && column ? (out[(row - 1) * columns + column - 1] ?? 0) : 0;
      let predicted = 0;
      if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) {
        const estimate = left + up - upLeft;
        const [a, b, c] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - upLeft)];
        predicted = a <= b && a <= c ? left : b <= c ? up : upLeft;
      } else if (filter !== 0) return null;
      out[row * columns + column] = (raw + predicted) & 0xff;
    }
  }
  return out;
}

/** A cross-reference stream (`N 0 obj <</Type/XRef …>> stream`); returns its dictionary. */
function readStream(bytes: Buffer, reader: PdfSyntaxReader, offsets: Map<number, number>): PdfDict | null {
  reader.keyword(); // object number
  reader.keyword(); // generation
  if (reader.keyword() !== 'obj') return null;
  const dict = reader.value();
  if (!isDict(dict) || !isName(dict.get('Type'), 'XRef') || reader.keyword() !== 'stream') return null;
  const length = integer(dict.get('Length'));
  const widths = integers(dict.get('W'));
  const size = integer(dict.get('Size'));
  if (length === null || widths?.length !== 3 || size === null) return null;
  let start = reader.position;
  if (bytes[start] === 0x0d) start += 1;
  if (bytes[start] === 0x0a) start += 1;
  let data = bytes.subarray(start, start + length);
  const filter = dict.get('Filter');
  if (filter !== undefined) {
    if (
      !isName(filter, 'FlateDecode') &&
      !(Array.isArray(filter) && filter.length === 1 && isName(filter[0], 'FlateDecode'))
    )
      return null;
    data = zlib.inflateSync(data);
  }
  const parms = dict.get('DecodeParms');
  const predictor = isDict(parms) ? (integer(parms.get('Predictor')) ?? 1) : 1;
  const entryLength = widths.reduce((sum, width) => sum + width, 0);
  if (predictor >= 10) {
    const unpredicted = unpredict(data, entryLength);
    if (!unpredicted) return null;
    data = unpredicted;
  } else if (predictor !== 1) return null;
  const index = integers(dict.get('Index')) ?? [0, size];
  const field = (at: number, width: number) => {
    let value = 0;
    for (let byte = 0; byte < width; byte += 1) value = value * 256 + (data[at + byte] ?? 0);
    return value;
  };
  let at = 0;
  for (let pair = 0; pair + 1 < index.length; pair += 2) {
    const [first = 0, count = 0] = [index[pair], index[pair + 1]];
    for (let entry = 0; entry < count && at + entryLength <= data.length; entry += 1, at += entryLength) {
      const [typeWidth = 0, offsetWidth = 0] = widths;
      const type = typeWidth ? field(at, typeWidth) : 1;
      if (type === 1 && !offsets.has(first + entry)) offsets.set(first + entry, field(at + typeWidth, offsetWidth));
    }
  }
  return dict;
}

/** Object number → byte offset, for every object stored directly in the file. */
export async function readObjectOffsets(file: FileHandle, size: number): Promise<Map<number, number>> {
  const offsets = new Map<number, number>();
  const tail = (await readAt(file, Math.max(0, size - 2048), Math.min(size, 2048))).toString('latin1');
  const startXref = /startxref\s+(\d+)/.exec(tail.slice(tail.lastIndexOf('startxref')));
  const pending = startXref ? [Number(startXref[1])] : [];
  const seen = new Set<number>();
  try {
    while (pending.length && seen.size < MAX_SECTIONS) {
      const offset = pending.shift() ?? 0;
      if (seen.has(offset) || offset >= size) continue;
      seen.add(offset);
      const head = (await readAt(file, offset, 4)).toString('latin1');
      const bytes = await readUntil(file, offset, size, head === 'xref' ? 'trailer' : 'endstream');
      if (!bytes) break;
      const reader = new PdfSyntaxReader(bytes);
      if (head === 'xref') reader.keyword();
      const trailer = head === 'xref' ? readTable(reader, offsets) : readStream(bytes, reader, offsets);
      if (!trailer) break;
      // A hybrid file's table names its cross-reference stream too; it comes before /Prev.
      for (const key of ['XRefStm', 'Prev']) {
        const next = integer(trailer.get(key));
        if (next !== null) pending.push(next);
      }
    }
  } catch {
    // A damaged section: keep what was read (pdf.js may still open the file its own way).
  }
  return offsets;
}
