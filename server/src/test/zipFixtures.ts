/**
 * ZIP files written byte by byte for tests that need ones no archiver would make: bombs, entries
 * hidden from the central directory, local headers that disagree with it. CRCs are left at 0
 * (neither yauzl nor the guard checks them). Also a context and a collector for driving an import
 * source directly in tests.
 */
import zlib from 'node:zlib';
import { pageLabel, type RefusedPage, type SourceContext, type SourceItem } from '../services/imports/importSources.ts';

export interface ZipPart {
  name: string;
  data: Buffer;
  /** Stored as is rather than deflated. */
  store?: boolean;
  /** Bytes appended after the compressed data, inside the entry's compressed size. */
  trailing?: Buffer;
  /** Left out of the central directory, so only a reader walking local headers sees it. */
  hidden?: boolean;
  /** The compressed size the local header states, when it should disagree with the directory's. */
  localCompressedSize?: number;
  /** The uncompressed size both headers state, when it should lie about the data. */
  declaredSize?: number;
  /** Marked as protected by a password (general purpose bit 0); the data is left as is. */
  encrypted?: boolean;
  /** A compression method number to claim instead of stored (0) or deflated (8). */
  method?: number;
  /** The data written as is, whatever the method claims (a deflated entry that is not deflate). */
  asIs?: boolean;
}

const methodOf = (part: ZipPart) => part.method ?? (part.store ? 0 : 8);
const flagsOf = (part: ZipPart) => (part.encrypted ? 1 : 0);

function localHeader(part: ZipPart, name: Buffer, compressed: Buffer): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(flagsOf(part), 6);
  header.writeUInt16LE(methodOf(part), 8);
  header.writeUInt32LE(part.localCompressedSize ?? compressed.length, 18);
  header.writeUInt32LE(part.declaredSize ?? part.data.length, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function centralHeader(part: ZipPart, name: Buffer, compressed: Buffer, offset: number): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(flagsOf(part), 8);
  header.writeUInt16LE(methodOf(part), 10);
  header.writeUInt32LE(compressed.length, 20);
  header.writeUInt32LE(part.declaredSize ?? part.data.length, 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt32LE(offset, 42);
  return Buffer.concat([header, name]);
}

/** A ZIP of the parts, in order: local entries, then the central directory and its end record. */
export function writeZip(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const deflated = methodOf(part) === 8 && !part.asIs ? zlib.deflateRawSync(part.data) : part.data;
    const compressed = Buffer.concat([deflated, part.trailing ?? Buffer.alloc(0)]);
    const local = Buffer.concat([localHeader(part, name, compressed), compressed]);
    if (!part.hidden) centrals.push(centralHeader(part, name, compressed, offset));
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length, 8);
  end.writeUInt16LE(centrals.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A SourceContext for driving an import source directly, recording what it announces. */
export function testSourceContext(
  workDir: string,
  overrides: Partial<Pick<SourceContext, 'maxPages' | 'maxPageBytes' | 'signal'>> = {},
) {
  const announced: number[] = [];
  const context: SourceContext = {
    signal: new AbortController().signal,
    maxPages: 5_000,
    maxPageBytes: 20 * 1024 * 1024,
    workDir,
    foundPages: (count) => announced.push(count),
    ...overrides,
  };
  return { context, announced };
}

/** What a source yields, each found page read as the worker would, in order. */
export async function collectSource(items: AsyncIterable<SourceItem>) {
  const found: { name: string; bytes: Buffer }[] = [];
  const refused: RefusedPage[] = [];
  const order: string[] = [];
  for await (const item of items) {
    if ('found' in item) {
      const name = pageLabel(item.found.fileName, item.found.page);
      found.push({ name, bytes: await item.found.read() });
      order.push(name);
    } else {
      refused.push(item.refused);
      order.push(`refused: ${item.refused.name}`);
    }
  }
  return { found, refused, order };
}
