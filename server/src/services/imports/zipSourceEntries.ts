/**
 * What a ZIP's central directory says, judged before a byte of an entry is inflated: which entries
 * are junk to pass over quietly (folders, macOS and Windows leftovers, dot files), which are
 * refused from their header alone (unsafe names, passwords, unknown compression, bomb ratios,
 * images larger than the plan takes), and the rest, to be sniffed and read. The directory is read
 * whole (at most MAX_ZIP_ENTRIES small records) because entries are taken in natural order, not in
 * the order the archiver wrote them.
 */
import yauzl from 'yauzl';
import { MEGABYTE } from '../images/imageErrors.ts';
import { CONTAINER_HARD_CAP_BYTES } from './containerLimits.ts';
import { sortNaturally } from './naturalOrder.ts';

export interface ZipLimits {
  maxEntries: number;
  /** The most all entries together may unpack to. */
  maxTotalBytes: number;
  /** An entry unpacking to more than this many times its compressed size... */
  maxRatio: number;
  /** ...and to more than this many bytes is taken for a bomb. */
  ratioCheckedAboveBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 10_000,
  maxTotalBytes: CONTAINER_HARD_CAP_BYTES,
  maxRatio: 100,
  ratioCheckedAboveBytes: MEGABYTE,
};

const STORED = 0;
const DEFLATED = 8;

const sizeInMb = (bytes: number) => `${(bytes / MEGABYTE).toFixed(1)} MB`;
const wholeMb = (bytes: number) => `${Math.floor(bytes / MEGABYTE)} MB`;

export const ZIP_ERRORS = {
  unreadable: 'The ZIP could not be read: the file is damaged or incomplete',
  tooManyEntries: (count: number, max: number) =>
    `The ZIP holds ${count} files and folders: at most ${max} are accepted in one import`,
  tooLargeUnpacked: (bytes: number, max: number) =>
    `The ZIP unpacks to ${sizeInMb(bytes)}: at most ${wholeMb(max)} are accepted in one import`,
  unsafeName: 'The name points outside the ZIP’s folders (“..”, a drive or an absolute path), so it was left out',
  encrypted: 'The file is protected by a password: unzip the archive and zip it again without one',
  unknownCompression: (method: number) =>
    `The file is compressed in a way that cannot be read (method ${method}): zip it again with ordinary compression`,
  bomb: (compressed: number, uncompressed: number) =>
    `The file would unpack to ${sizeInMb(uncompressed)} from ${sizeInMb(compressed)}, more than 100 times its size: it looks like a ZIP bomb`,
  imageTooLarge: (bytes: number, max: number) =>
    `The image is ${sizeInMb(bytes)}: images are limited to ${wholeMb(max)}`,
  notAPage: 'Not an image, PDF, TIFF or ZIP',
  empty: 'The file is empty',
  damagedEntry: 'The file could not be unpacked: this part of the ZIP is damaged or incomplete',
  sizeDisagrees: 'The file unpacks to more bytes than the ZIP’s directory says: it was left out',
} as const;

const JUNK_NAMES = new Set(['.ds_store', 'thumbs.db', 'desktop.ini']);

/** Folders, macOS resource forks, Finder and Explorer caches, dot files and dot folders. */
function isJunk(path: string): boolean {
  if (path.endsWith('/')) return true;
  const segments = path.split('/');
  const base = segments.at(-1)?.toLowerCase() ?? '';
  return JUNK_NAMES.has(base) || segments.some((segment) => segment === '__MACOSX' || segment.startsWith('.'));
}

/**
 * The name with Windows separators made forward slashes, or undefined when it could escape a
 * folder once unpacked (`..`, `/etc/…`, `C:…`, `\\server\…`) or hides a NUL. Entries are never
 * written under their own names (nested containers get a random one), so this is about the name
 * the owner reads and the importer's path, not our disk; such names are refused all the same.
 */
function safePath(name: string): string | undefined {
  const path = name.replace(/\\/g, '/');
  if (path.includes('\0') || path.startsWith('/') || /^[a-zA-Z]:/.test(path)) return undefined;
  if (path.split('/').some((segment) => segment === '..')) return undefined;
  return path;
}

export type DirectoryEntry =
  | { path: string; entry: yauzl.Entry; refusal?: undefined }
  | { path: string; entry?: undefined; refusal: string };

/** Refused from the header alone, or undefined when the entry is worth opening. */
function headerRefusal(entry: yauzl.Entry, limits: ZipLimits): string | undefined {
  if (entry.isEncrypted()) return ZIP_ERRORS.encrypted;
  if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED) {
    return ZIP_ERRORS.unknownCompression(entry.compressionMethod);
  }
  if (isBomb(entry.compressedSize, entry.uncompressedSize, limits)) {
    return ZIP_ERRORS.bomb(entry.compressedSize, entry.uncompressedSize);
  }
  return undefined;
}

export const isBomb = (compressed: number, uncompressed: number, limits: ZipLimits) =>
  uncompressed > limits.ratioCheckedAboveBytes && uncompressed > limits.maxRatio * Math.max(compressed, 1);

/** The ZIP opened for reading entries on demand; the caller closes it. */
export async function openZip(filePath: string): Promise<yauzl.ZipFile> {
  try {
    // Names are decoded and judged here, entry by entry: yauzl's own check fails the whole ZIP.
    // Sizes are counted while inflating in zipSource (a refusal for that entry, not an error for the ZIP).
    return await yauzl.openPromise(filePath, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
      validateEntrySizes: false,
    });
  } catch {
    throw new Error(ZIP_ERRORS.unreadable);
  }
}

function readDirectory(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => reject(new Error(ZIP_ERRORS.unreadable)));
    zip.readEntry();
  });
}

/**
 * The entries worth reporting, in natural order of their paths, each either openable or refused
 * with its reason; junk is left out. Throws (the whole import fails) when the ZIP is unreadable,
 * holds too many entries or unpacks to more than the import may take.
 */
export async function directoryEntries(zip: yauzl.ZipFile, limits: ZipLimits): Promise<DirectoryEntry[]> {
  if (zip.entryCount > limits.maxEntries) throw new Error(ZIP_ERRORS.tooManyEntries(zip.entryCount, limits.maxEntries));
  const entries = await readDirectory(zip);
  const judged: DirectoryEntry[] = [];
  let totalBytes = 0;
  for (const entry of entries) {
    const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
    const path = safePath(name);
    if (path === undefined) {
      judged.push({ path: name, refusal: ZIP_ERRORS.unsafeName });
      continue;
    }
    if (isJunk(path)) continue;
    totalBytes += entry.uncompressedSize;
    const refusal = headerRefusal(entry, limits);
    judged.push(refusal ? { path, refusal } : { path, entry });
  }
  if (totalBytes > limits.maxTotalBytes) throw new Error(ZIP_ERRORS.tooLargeUnpacked(totalBytes, limits.maxTotalBytes));
  return sortNaturally(judged, (entry) => entry.path);
}
