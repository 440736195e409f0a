/**
 * An XLSX workbook is a ZIP, and exceljs's streaming reader inflates whatever its entries hold,
 * caching the shared strings whole and writing worksheets that come before them to temp files. A
 * 5 MB upload could so unpack to gigabytes (a ZIP bomb). Before exceljs sees a workbook, every
 * entry is inflated here once, in memory bounded by what is left of the budget, and its sizes
 * checked against the ZIP's directory (read by yauzl).
 *
 * exceljs reads the ZIP as a stream, local header after local header from the first byte, where
 * yauzl reads the central directory at the end. A crafted file could show the two different
 * entries, so the entries must lie back to back from byte 0 up to the central directory, each
 * local header agreeing with its directory entry and each deflate stream ending exactly where
 * the entry ends: then the bytes checked here are the bytes exceljs will inflate.
 */
import zlib from 'node:zlib';
import yauzl from 'yauzl';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const DATA_DESCRIPTOR = 0x08074b50;
const HAS_DATA_DESCRIPTOR = 0x08;
const STORED = 0;
const DEFLATED = 8;
const ZIP64_EXTRA = 0x0001;

export interface WorkbookBounds {
  maxEntries: number;
  maxInflatedBytes: number;
}

/** Why a workbook is refused: it unpacks to more than the budget, or its ZIP is not one reader would read alike. */
export class WorkbookRefused extends Error {
  constructor(readonly reason: 'too-large' | 'malformed') {
    super(reason);
  }
}

function directoryEntries(data: Buffer, maxEntries: number): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const options = { lazyEntries: true, validateEntrySizes: true, strictFileNames: false };
    yauzl.fromBuffer(data, options, (error, zip) => {
      if (error || !zip) return reject(new WorkbookRefused('malformed'));
      if (zip.entryCount > maxEntries) return reject(new WorkbookRefused('malformed'));
      const entries: yauzl.Entry[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.push(entry);
        zip.readEntry();
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', () => reject(new WorkbookRefused('malformed')));
      zip.readEntry();
    });
  });
}

/** zlib's answer with `info: true`: the output, and the engine that says how much input it used. */
function isInflateInfo(value: unknown): value is { buffer: Buffer; engine: { bytesWritten: number } } {
  return typeof value === 'object' && value !== null && 'buffer' in value && 'engine' in value;
}

/** The entry's data inflated within `budget` bytes; its length must be the one the directory gives. */
function inflatedLength(compressed: Buffer, entry: yauzl.Entry, budget: number): number {
  if (entry.compressionMethod === STORED) {
    // A stored entry with a data descriptor has no length a streaming reader can trust.
    if (entry.generalPurposeBitFlag & HAS_DATA_DESCRIPTOR) throw new WorkbookRefused('malformed');
    if (compressed.length > budget) throw new WorkbookRefused('too-large');
    return compressed.length;
  }
  if (entry.compressionMethod !== DEFLATED) throw new WorkbookRefused('malformed');
  let result: unknown;
  try {
    result = zlib.inflateRawSync(compressed, { info: true, maxOutputLength: Math.max(1, budget) });
  } catch (error) {
    throw new WorkbookRefused(error instanceof RangeError ? 'too-large' : 'malformed');
  }
  // The deflate stream must end exactly at the entry's end: nothing hidden after it.
  if (!isInflateInfo(result) || result.engine.bytesWritten !== compressed.length) {
    throw new WorkbookRefused('malformed');
  }
  return result.buffer.length;
}

/** Where the next local header starts after an entry's data (past its data descriptor, if any). */
function afterDescriptor(data: Buffer, end: number, entry: yauzl.Entry): number {
  if (!(entry.generalPurposeBitFlag & HAS_DATA_DESCRIPTOR)) return end;
  const signature = end + 4 <= data.length && data.readUInt32LE(end) === DATA_DESCRIPTOR ? 4 : 0;
  const sizes = entry.extraFields.some((field) => field.id === ZIP64_EXTRA) ? 16 : 8;
  return end + signature + 4 + sizes;
}

/** Throws WorkbookRefused unless the workbook unpacks within `bounds`, read alike from either end. */
export async function assertWorkbookBounded(data: Buffer, bounds: WorkbookBounds): Promise<void> {
  const entries = (await directoryEntries(data, bounds.maxEntries)).sort(
    (a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader,
  );
  let offset = 0;
  let inflated = 0;
  for (const entry of entries) {
    if (entry.relativeOffsetOfLocalHeader !== offset || offset + 30 > data.length) {
      throw new WorkbookRefused('malformed');
    }
    const described = !(entry.generalPurposeBitFlag & HAS_DATA_DESCRIPTOR);
    const agrees =
      data.readUInt32LE(offset) === LOCAL_HEADER &&
      data.readUInt16LE(offset + 8) === entry.compressionMethod &&
      (!described || data.readUInt32LE(offset + 18) === entry.compressedSize);
    if (!agrees) throw new WorkbookRefused('malformed');
    const start = offset + 30 + data.readUInt16LE(offset + 26) + data.readUInt16LE(offset + 28);
    const end = start + entry.compressedSize;
    if (end > data.length) throw new WorkbookRefused('malformed');
    const length = inflatedLength(data.subarray(start, end), entry, bounds.maxInflatedBytes - inflated);
    if (length !== entry.uncompressedSize) throw new WorkbookRefused('malformed');
    inflated += length;
    offset = afterDescriptor(data, end, entry);
  }
  if (offset + 4 > data.length || data.readUInt32LE(offset) !== CENTRAL_HEADER) throw new WorkbookRefused('malformed');
}
