/**
 * What the import area sends: files chosen one by one, a chosen folder (`webkitdirectory`), or
 * files and folders dropped on it, each with its path inside what was chosen (`box1/page_9.jpg`),
 * in the natural order of those paths (page_9 before page_10), which becomes the images' order.
 * Files the server would refuse by name alone are set aside here with the reason, not sent; a
 * catalogue (CSV, XLSX) among them goes to the form's catalogue.
 */
import { ACCEPTED_IMAGE_TYPES } from '@formscribe/common/imageFormats';
import type { RefusedImportItem } from '@formscribe/common/schemas/imports';
import { currentTranslator } from '../../../i18n/localeStore.ts';

export interface ChosenFile {
  file: File;
  /** The path inside the chosen or dropped folder, or the file's own name. */
  relativePath: string;
}

/** The chooser's `accept`: the image types, the containers the server splits into pages, a catalogue. */
export const IMPORT_ACCEPT = `${ACCEPTED_IMAGE_TYPES},.jpg,.jpeg,.png,image/gif,.gif,application/pdf,.pdf,image/tiff,.tif,.tiff,application/zip,.zip,.csv,.xlsx`;

const IMPORTABLE_EXTENSIONS = new Set([
  'jpg',
  'jpeg',
  'png',
  'heic',
  'heif',
  'webp',
  'avif',
  'gif',
  'pdf',
  'tif',
  'tiff',
  'zip',
]);

/** Why a file was set aside, in the language in use when it was chosen. */
export const notImportableReason = () => currentTranslator().t('ownerTabs.files.notImportable');
export const oneCatalogueReason = () => currentTranslator().t('ownerTabs.files.oneCatalogue');

/** A catalogue (CSV or XLSX) sent with the scans goes to the form's catalogue, not its images. */
const CATALOGUE_EXTENSIONS = new Set(['csv', 'xlsx']);

/** Left out without a word: what file managers put beside the files (macOS, Windows). */
function isClutter(relativePath: string): boolean {
  const parts = relativePath.split('/');
  const name = parts.at(-1) ?? '';
  return name.startsWith('.') || /^(thumbs\.db|desktop\.ini)$/i.test(name) || parts.includes('__MACOSX');
}

const extensionOf = (name: string) => /\.([^./]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

const naturalOrder = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** page_9 before page_10; box1/… before box2/… (paths compare part by part as text with numbers). */
export function inNaturalOrder(files: readonly ChosenFile[]): ChosenFile[] {
  return [...files].sort((a, b) => naturalOrder.compare(a.relativePath, b.relativePath));
}

export interface SortedFiles {
  /** Scans and containers, in the order they are sent. */
  toSend: ChosenFile[];
  /** The catalogue that came with them, if any. */
  catalogue: ChosenFile | null;
  /** Set aside with the reason (clutter is dropped without a word). */
  refused: RefusedImportItem[];
}

export function sortOutChosenFiles(files: readonly ChosenFile[]): SortedFiles {
  const sorted: SortedFiles = { toSend: [], catalogue: null, refused: [] };
  for (const chosen of inNaturalOrder(files)) {
    if (isClutter(chosen.relativePath)) continue;
    const extension = extensionOf(chosen.file.name);
    if (IMPORTABLE_EXTENSIONS.has(extension) || (extension === '' && chosen.file.type.startsWith('image/'))) {
      sorted.toSend.push(chosen);
    } else if (CATALOGUE_EXTENSIONS.has(extension)) {
      if (sorted.catalogue) sorted.refused.push({ name: chosen.relativePath, reason: oneCatalogueReason() });
      else sorted.catalogue = chosen;
    } else {
      sorted.refused.push({ name: chosen.relativePath, reason: notImportableReason() });
    }
  }
  return sorted;
}

/** A file input's choice: a folder's files carry their path in `webkitRelativePath`. */
export function filesFromInput(files: FileList | readonly File[]): ChosenFile[] {
  return Array.from(files, (file) => ({ file, relativePath: file.webkitRelativePath || file.name }));
}

function readAllEntries(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const entries: FileSystemEntry[] = [];
  // readEntries answers in batches (about 100 in Chrome) until it answers with none.
  return new Promise((resolve, reject) => {
    const readMore = () =>
      reader.readEntries((batch) => {
        if (batch.length === 0) resolve(entries);
        else {
          entries.push(...batch);
          readMore();
        }
      }, reject);
    readMore();
  });
}

const isFileEntry = (entry: FileSystemEntry): entry is FileSystemFileEntry => entry.isFile;
const isDirectoryEntry = (entry: FileSystemEntry): entry is FileSystemDirectoryEntry => entry.isDirectory;

async function filesUnder(entry: FileSystemEntry): Promise<ChosenFile[]> {
  const relativePath = entry.fullPath.replace(/^\/+/, '') || entry.name;
  if (isFileEntry(entry)) {
    const file = await new Promise<File>((resolve, reject) => entry.file(resolve, reject));
    return [{ file, relativePath }];
  }
  if (!isDirectoryEntry(entry)) return [];
  const nested = await Promise.all((await readAllEntries(entry)).map(filesUnder));
  return nested.flat();
}

/**
 * The files of a drop, dropped folders walked to the bottom. The entries are taken at once:
 * the browser empties the drop's item list when the event handler returns.
 */
export function filesFromDrop(dataTransfer: DataTransfer): Promise<ChosenFile[]> {
  const items = Array.from(dataTransfer.items ?? []).filter((item) => item.kind === 'file');
  const entries = items.map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.length === 0 || entries.some((entry) => entry === null)) {
    // No entry API (or not for every item): the plain file list, without folders.
    return Promise.resolve(filesFromInput(dataTransfer.files));
  }
  return Promise.all(entries.map((entry) => (entry ? filesUnder(entry) : []))).then((lists) => lists.flat());
}
