/**
 * What every storage driver offers (local disk, an S3-compatible bucket). Kept apart from the
 * factory in fileStorage.ts so drivers and the factory do not import each other. A storage that
 * cannot be reached rejects with StorageUnavailableError (a 503 for the caller).
 */
import type { Readable } from 'node:stream';
import type { StorageArea } from './storedNames.ts';

export interface StoredFileInfo {
  size: number;
  modifiedAt: Date;
}

/** One stored file as a listing shows it. */
export interface ListedFile {
  name: string;
  modifiedAt: Date;
}

export interface FileStorage {
  /** Stores the bytes under `name`; readers see the whole file or nothing (atomic). */
  write(area: StorageArea, name: string, data: Uint8Array): Promise<void>;
  /**
   * Stores what `source` streams, without holding it in memory (containers of a few gigabytes);
   * atomic like `write`. A source that fails or is destroyed leaves nothing.
   */
  writeStream(area: StorageArea, name: string, source: Readable): Promise<void>;
  /** Size and date of a stored file, or undefined when it does not exist. */
  stat(area: StorageArea, name: string): Promise<StoredFileInfo | undefined>;
  /**
   * The file's bytes as a stream, or undefined when it does not exist. Resolves once the storage
   * has answered, so a failure is known before a response starts, not halfway through it.
   */
  openRead(area: StorageArea, name: string): Promise<Readable | undefined>;
  /** Removes the files; names that are already gone are not an error. */
  remove(area: StorageArea, names: readonly string[]): Promise<void>;
  /**
   * The area's stored files, one at a time (a bucket pages through its listing), in no
   * particular order. Only names storage gave out appear; a write in progress does not.
   */
  list(area: StorageArea): AsyncIterable<ListedFile>;
  /**
   * Removes what writes cut off by a crash left behind (local disk: temporary files; a bucket:
   * unfinished multipart uploads) when older than `before`; returns how many were removed.
   */
  removeAbandonedWrites(before: Date): Promise<number>;
  /** Resolves when the storage answers and can be written to (readiness checks). */
  checkReachable(): Promise<void>;
  /** Releases connections; the instance is not used afterwards. */
  close(): void;
}
