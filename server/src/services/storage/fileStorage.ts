/**
 * Where uploaded files live. The app talks to this small interface only, so local disk (one
 * node) can be swapped for an S3-compatible bucket (several nodes) without touching callers.
 */
import type { Config } from '../../config.ts';
import type { FileStorage } from './fileStorageTypes.ts';
import { LocalDiskStorage } from './localDiskStorage.ts';

export type { FileStorage, ListedFile, StoredFileInfo } from './fileStorageTypes.ts';

const storages = new Map<string, FileStorage>();

/** The storage for this configuration (one instance per uploads folder). */
export function fileStorage(config: Pick<Config, 'uploadsDir'>): FileStorage {
  let storage = storages.get(config.uploadsDir);
  if (!storage) {
    storage = new LocalDiskStorage(config.uploadsDir);
    storages.set(config.uploadsDir, storage);
  }
  return storage;
}
