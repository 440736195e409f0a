/**
 * Where uploaded files live. The app talks to the small FileStorage interface only, so local disk
 * (one node, the embedded default) and an S3-compatible bucket (several nodes) are chosen by
 * settings (STORAGE_DRIVER) without touching callers.
 */
import type { Config } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import type { FileStorage } from './fileStorageTypes.ts';
import { LocalDiskStorage } from './localDiskStorage.ts';
import { S3Storage } from './s3Storage.ts';

export type { FileStorage, ListedFile, StoredFileInfo } from './fileStorageTypes.ts';

export type StorageConfig = Pick<Config, 'uploadsDir' | 'storage' | 'logLevel'>;

/** One driver per place files go: its S3 client keeps a pool of connections for every request. */
const storages = new Map<string, FileStorage>();

function storageKey(config: StorageConfig): string {
  const { storage } = config;
  if (storage.driver === 'local') return `local:${config.uploadsDir}`;
  return `s3:${storage.s3.endpoint ?? 'aws'}:${storage.s3.region}:${storage.s3.bucket}:${storage.s3.prefix}`;
}

function createStorage(config: StorageConfig): FileStorage {
  const { storage } = config;
  if (storage.driver === 'local') return new LocalDiskStorage(config.uploadsDir);
  return new S3Storage(storage.s3, createLogger(config.logLevel).child({ component: 'storage' }));
}

/** The storage for this configuration (one instance per place). */
export function fileStorage(config: StorageConfig): FileStorage {
  const key = storageKey(config);
  let storage = storages.get(key);
  if (!storage) {
    storage = createStorage(config);
    storages.set(key, storage);
  }
  return storage;
}

/** Closes this configuration's storage (a stopping node); the next call opens a fresh one. */
export function closeFileStorage(config: StorageConfig): void {
  const key = storageKey(config);
  storages.get(key)?.close();
  storages.delete(key);
}
