/**
 * Names of stored files: random, never the uploader's, so a name reveals nothing and cannot
 * climb out of its folder. Every name handed to storage is checked against this shape.
 */
import { randomUUID } from 'node:crypto';

export const STORAGE_AREAS = ['images', 'thumbnails', 'logos', 'displays'] as const;
export type StorageArea = (typeof STORAGE_AREAS)[number];

export const STORED_CONTENT_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;
export type StoredExtension = keyof typeof STORED_CONTENT_TYPES;

const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|gif|webp)$/;

export function newStoredName(extension: StoredExtension): string {
  return `${randomUUID()}.${extension}`;
}

/**
 * Names for an image and its thumbnail: one random id, so the thumbnail's row is found through
 * the unique index on `filename` (thumbnail_filename has no index of its own).
 */
export function newImageFileNames(extension: StoredExtension): { filename: string; thumbnailFilename: string } {
  const id = randomUUID();
  return { filename: `${id}.${extension}`, thumbnailFilename: `${id}.jpg` };
}

/** An original's display-size copy (services/images/displayCopies.ts): the same id, always a WebP. */
export function displayCopyName(originalName: string): string {
  return `${originalName.slice(0, originalName.lastIndexOf('.'))}.webp`;
}

/** The original names a thumbnail (or display copy) may belong to (same id, any extension an original can have). */
export function originalNamesForThumbnail(thumbnailFilename: string): string[] {
  const id = thumbnailFilename.slice(0, thumbnailFilename.lastIndexOf('.'));
  return [`${id}.jpg`, `${id}.png`];
}

/** True only for names `newStoredName` can produce: no separators, dots or other tricks. */
export function isStoredName(name: string): boolean {
  return STORED_NAME.test(name);
}

export function contentTypeOfStoredName(name: string): string {
  const extension = name.slice(name.lastIndexOf('.') + 1);
  return extension in STORED_CONTENT_TYPES
    ? STORED_CONTENT_TYPES[extension as StoredExtension]
    : 'application/octet-stream';
}
