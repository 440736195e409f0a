/**
 * Names of stored files: random, never the uploader's, so a name reveals nothing and cannot
 * climb out of its folder. Every name handed to storage is checked against this shape.
 */
import { randomUUID } from 'node:crypto';
import { DISPLAY_WIDTHS, type DisplayWidth, LARGEST_DISPLAY_WIDTH } from '@formscribe/common/displayCopies';

/** `imports`: containers (PDF, TIFF, ZIP) waiting for, or being split by, an import. */
export const STORAGE_AREAS = ['images', 'thumbnails', 'logos', 'displays', 'imports'] as const;
export type StorageArea = (typeof STORAGE_AREAS)[number];

export const STORED_CONTENT_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;
export type StoredExtension = keyof typeof STORED_CONTENT_TYPES;

/** What display copies are encoded as: AVIF for browsers that say they take it, WebP for the rest. */
export const DISPLAY_FORMATS = ['avif', 'webp'] as const;
export type DisplayFormat = (typeof DISPLAY_FORMATS)[number];

/** Display copies only: never an upload's type. */
const DISPLAY_CONTENT_TYPES = { avif: 'image/avif' } as const;

// A display copy narrower than the largest carries its width (`-w800`), and nothing else may.
const STORED_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-w[0-9]{3,4})?\.(jpg|png|gif|webp|avif|bin)$/;
const NAME_SUFFIX = /(-w[0-9]{3,4})?\.[a-z]+$/;

export function newStoredName(extension: StoredExtension): string {
  return `${randomUUID()}.${extension}`;
}

/** A container's name in the `imports` area: its type is read from its bytes, never a name. */
export const newContainerName = () => `${randomUUID()}.bin`;

/**
 * Names for an image and its thumbnail: one random id, so the thumbnail's row is found through
 * the unique index on `filename` (thumbnail_filename has no index of its own).
 */
export function newImageFileNames(extension: StoredExtension): { filename: string; thumbnailFilename: string } {
  const id = randomUUID();
  return { filename: `${id}.${extension}`, thumbnailFilename: `${id}.jpg` };
}

/**
 * An original's display-size copy at `width` in `format` (services/images/displayCopies.ts): the
 * same id, the format as its extension; the largest keeps the plain name copies had before there
 * were several widths.
 */
export function displayCopyName(originalName: string, width: DisplayWidth, format: DisplayFormat): string {
  const id = originalName.slice(0, originalName.lastIndexOf('.'));
  return width === LARGEST_DISPLAY_WIDTH ? `${id}.${format}` : `${id}-w${width}.${format}`;
}

/** Every display copy an original may have (each is made on first view). */
export function displayCopyNames(originalName: string): string[] {
  return DISPLAY_WIDTHS.flatMap((width) =>
    DISPLAY_FORMATS.map((format) => displayCopyName(originalName, width, format)),
  );
}

/** The original names a thumbnail (or display copy) may belong to (same id, any extension an original can have). */
export function originalNamesForThumbnail(thumbnailFilename: string): string[] {
  const id = thumbnailFilename.replace(NAME_SUFFIX, '');
  return [`${id}.jpg`, `${id}.png`];
}

/** True only for names `newStoredName` can produce: no separators, dots or other tricks. */
export function isStoredName(name: string): boolean {
  return STORED_NAME.test(name);
}

export function contentTypeOfStoredName(name: string): string {
  const extension = name.slice(name.lastIndexOf('.') + 1);
  if (extension in STORED_CONTENT_TYPES) return STORED_CONTENT_TYPES[extension as StoredExtension];
  if (extension in DISPLAY_CONTENT_TYPES) return DISPLAY_CONTENT_TYPES[extension as keyof typeof DISPLAY_CONTENT_TYPES];
  return 'application/octet-stream';
}
