/**
 * The pages of a ZIP: the images it holds, folder by folder in natural order (`box1/page_9.jpg`
 * before `box1/page_10.jpg` before `box2/…`), and the pages of the PDFs, TIFFs and ZIPs inside
 * it, which are unpacked to a temporary file and handed to the dispatcher (`nested`). What a file
 * is comes from its first bytes, never its name.
 *
 * A ZIP is a bomb until shown otherwise: the directory's claims are checked before anything is
 * inflated (entry count, total size, each entry's ratio) and the bytes are counted again while
 * inflating, since a crafted header can lie. Entries are streamed: an image is held in memory up
 * to the plan's image size and only while it is the current or next page; a nested container goes
 * to disk.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type yauzl from 'yauzl';
import { detectImageType } from '../images/detectImageType.ts';
import { type ContainerType, detectContainerType } from './detectContainerType.ts';
import type { SourceContext, SourceItem } from './importSources.ts';
import {
  DEFAULT_ZIP_LIMITS,
  type DirectoryEntry,
  directoryEntries,
  isBomb,
  openZip,
  ZIP_ERRORS,
  type ZipLimits,
} from './zipSourceEntries.ts';

export type NestedSource = (entryPath: string, tempFilePath: string, kind: ContainerType) => AsyncIterable<SourceItem>;

/** Enough of a file's start for every signature detectImageType and detectContainerType know. */
const SNIFF_BYTES = 64;

/** An entry left out while it was being read, with the reason the owner reads. */
class EntryRefused extends Error {}

/**
 * The entry's inflated bytes, chunk by chunk, counted as they come: never more than the directory
 * said, never a bomb's ratio, never more than `maxBytes`.
 */
async function* entryChunks(zip: yauzl.ZipFile, entry: yauzl.Entry, limits: ZipLimits, maxBytes: number) {
  let stream: Readable;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch {
    throw new EntryRefused(ZIP_ERRORS.damagedEntry);
  }
  let counted = 0;
  try {
    for await (const chunk of stream) {
      if (!Buffer.isBuffer(chunk)) throw new EntryRefused(ZIP_ERRORS.damagedEntry);
      counted += chunk.length;
      if (isBomb(entry.compressedSize, counted, limits))
        throw new EntryRefused(ZIP_ERRORS.bomb(entry.compressedSize, counted));
      if (counted > entry.uncompressedSize) throw new EntryRefused(ZIP_ERRORS.sizeDisagrees);
      if (counted > maxBytes) throw new EntryRefused(ZIP_ERRORS.imageTooLarge(entry.uncompressedSize, maxBytes));
      yield chunk;
    }
  } catch (error) {
    throw error instanceof EntryRefused ? error : new EntryRefused(ZIP_ERRORS.damagedEntry);
  } finally {
    stream.destroy();
  }
}

type Kind = { image: true } | { container: ContainerType } | { refusal: string };

/** What the entry is, from its first bytes (only those are inflated). */
async function sniff(zip: yauzl.ZipFile, entry: yauzl.Entry, limits: ZipLimits, maxPageBytes: number): Promise<Kind> {
  const parts: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of entryChunks(zip, entry, limits, Number.POSITIVE_INFINITY)) {
      parts.push(chunk);
      length += chunk.length;
      if (length >= SNIFF_BYTES) break;
    }
  } catch (error) {
    return { refusal: error instanceof EntryRefused ? error.message : ZIP_ERRORS.damagedEntry };
  }
  const start = Buffer.concat(parts).subarray(0, SNIFF_BYTES);
  if (start.length === 0) return { refusal: ZIP_ERRORS.empty };
  const container = detectContainerType(start);
  if (container) return { container };
  if (!detectImageType(start)) return { refusal: ZIP_ERRORS.notAPage };
  if (entry.uncompressedSize > maxPageBytes) {
    return { refusal: ZIP_ERRORS.imageTooLarge(entry.uncompressedSize, maxPageBytes) };
  }
  return { image: true };
}

async function readImage(zip: yauzl.ZipFile, entry: yauzl.Entry, limits: ZipLimits, maxBytes: number) {
  const parts: Buffer[] = [];
  for await (const chunk of entryChunks(zip, entry, limits, maxBytes)) parts.push(chunk);
  return Buffer.concat(parts);
}

/** The entry written to a fresh file in the work folder (named by us, never by the ZIP). */
async function unpackToFile(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  limits: ZipLimits,
  dir: string,
  kind: ContainerType,
) {
  const file = path.join(dir, `${randomUUID()}.${kind}`);
  const handle = await fs.open(file, 'wx');
  try {
    for await (const chunk of entryChunks(zip, entry, limits, Number.POSITIVE_INFINITY)) await handle.write(chunk);
  } catch (error) {
    await handle.close();
    await fs.rm(file, { force: true });
    throw error;
  }
  await handle.close();
  return file;
}

interface Judged {
  path: string;
  entry?: yauzl.Entry;
  kind: Kind;
}

/** The directory's entries with what each is, and the count of items this ZIP itself will yield. */
async function judgeEntries(
  zip: yauzl.ZipFile,
  directory: DirectoryEntry[],
  context: SourceContext,
  limits: ZipLimits,
) {
  const judged: Judged[] = [];
  let images = 0;
  let refusals = 0;
  for (const item of directory) {
    if (context.signal.aborted) break;
    const kind = item.entry ? await sniff(zip, item.entry, limits, context.maxPageBytes) : { refusal: item.refusal };
    judged.push({ path: item.path, entry: item.entry, kind });
    if ('image' in kind) images += 1;
    if ('refusal' in kind) refusals += 1;
  }
  const taken = Math.min(images, context.maxPages);
  // Images past maxPages are named in one refusal; nested containers announce their own pages.
  return { judged, announced: taken + (images > taken ? 1 : 0) + refusals };
}

async function* nestedItems(
  zip: yauzl.ZipFile,
  item: Judged & { entry: yauzl.Entry },
  kind: ContainerType,
  context: SourceContext,
  limits: ZipLimits,
  nested: NestedSource,
): AsyncIterable<SourceItem> {
  let file: string | undefined;
  try {
    file = await unpackToFile(zip, item.entry, limits, context.workDir, kind);
    yield* nested(item.path, file, kind);
  } catch (error) {
    // The nested container could not be unpacked or read as a whole: one refusal, not yet announced.
    context.foundPages(1);
    yield { refused: { name: item.path, reason: error instanceof Error ? error.message : ZIP_ERRORS.damagedEntry } };
  } finally {
    if (file) await fs.rm(file, { force: true });
  }
}

export async function* zipSource(
  filePath: string,
  zipName: string,
  context: SourceContext,
  nested: NestedSource,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): AsyncIterable<SourceItem> {
  const zip = await openZip(filePath);
  try {
    const { judged, announced } = await judgeEntries(zip, await directoryEntries(zip, limits), context, limits);
    if (context.signal.aborted) return;
    context.foundPages(announced);
    let imagesTaken = 0;
    const leftOver: string[] = [];
    // The next image is read while the worker works on this one (inflating overlaps its pixel
    // work): two pages in memory at most, each within the plan's image size.
    let prefetched: { index: number; item: Promise<SourceItem> } | undefined;
    const readImageAt = (index: number) => {
      const next = judged[index];
      if (!next?.entry || !('image' in next.kind) || imagesTaken >= context.maxPages) return undefined;
      return { index, item: imageItem(zip, next.entry, next.path, context, limits) };
    };
    for (const [index, item] of judged.entries()) {
      if (context.signal.aborted) return;
      const { kind, entry } = item;
      if ('refusal' in kind || !entry) {
        yield { refused: { name: item.path, reason: 'refusal' in kind ? kind.refusal : ZIP_ERRORS.damagedEntry } };
      } else if ('container' in kind) {
        yield* nestedItems(zip, { ...item, entry }, kind.container, context, limits, nested);
      } else if (imagesTaken >= context.maxPages) {
        leftOver.push(item.path);
      } else {
        imagesTaken += 1;
        const current =
          prefetched?.index === index ? prefetched.item : imageItem(zip, entry, item.path, context, limits);
        prefetched = readImageAt(index + 1);
        yield await current;
      }
    }
    const [first] = leftOver;
    if (first !== undefined) {
      const more = leftOver.length - 1;
      const name = more === 0 ? first : `${first} and ${more} more ${more === 1 ? 'image' : 'images'}`;
      const reason = `An import takes at most ${context.maxPages} pages: ${zipName} holds ${imagesTaken + leftOver.length} images, so the ones after ${context.maxPages} were left out`;
      yield { refused: { name, reason } };
    }
  } finally {
    zip.close();
  }
}

/** Never rejects: a prefetched image the worker no longer asks for must not be an unhandled rejection. */
async function imageItem(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  fileName: string,
  context: SourceContext,
  limits: ZipLimits,
): Promise<SourceItem> {
  try {
    const bytes = await readImage(zip, entry, limits, context.maxPageBytes);
    return { found: { fileName, page: null, read: async () => bytes } };
  } catch (error) {
    return {
      refused: { name: fileName, reason: error instanceof EntryRefused ? error.message : ZIP_ERRORS.damagedEntry },
    };
  }
}
