/** FileStorage on local disk: uploadsDir/{images,thumbnails,logos}/<random name>. */
import { randomUUID } from 'node:crypto';
import { createWriteStream, constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStorage, ListedFile, StoredFileInfo } from './fileStorageTypes.ts';
import { isStoredName, STORAGE_AREAS, type StorageArea } from './storedNames.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/** The temporary name `write` uses before its rename; nothing else in an area looks like this. */
const TEMPORARY_NAME = /^\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tmp$/;

export class LocalDiskStorage implements FileStorage {
  private readonly folders = new Map<StorageArea, Promise<string>>();

  constructor(private readonly root: string) {}

  async write(area: StorageArea, name: string, data: Uint8Array): Promise<void> {
    const target = this.pathOf(area, name);
    const folder = await this.folder(area);
    // A temporary name in the same folder, then rename: readers never see half a file, and a
    // crash leaves only a dot-file that no stored name can match.
    const temporary = path.join(folder, `.${randomUUID()}.tmp`);
    try {
      await fs.writeFile(temporary, data, { flag: 'wx' });
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async writeStream(area: StorageArea, name: string, source: Readable): Promise<void> {
    const target = this.pathOf(area, name);
    const temporary = path.join(await this.folder(area), `.${randomUUID()}.tmp`);
    try {
      await pipeline(source, createWriteStream(temporary, { flags: 'wx' }));
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async stat(area: StorageArea, name: string): Promise<StoredFileInfo | undefined> {
    try {
      const stats = await fs.stat(this.pathOf(area, name));
      return stats.isFile() ? { size: stats.size, modifiedAt: stats.mtime } : undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async openRead(area: StorageArea, name: string): Promise<Readable | undefined> {
    // Opened here, not lazily by the stream, so a file deleted since `stat` is a clean "missing".
    const handle = await fs.open(this.pathOf(area, name), 'r').catch((error) => {
      if (isMissing(error)) return undefined;
      throw error;
    });
    return handle?.createReadStream();
  }

  async remove(area: StorageArea, names: readonly string[]): Promise<void> {
    // Every name is tried even when one fails; `force` makes a missing file a success.
    const results = await Promise.allSettled(
      names.map(async (name) => fs.rm(this.pathOf(area, name), { force: true })),
    );
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
  }

  async *list(area: StorageArea): AsyncIterable<ListedFile> {
    for await (const file of this.filesIn(area, isStoredName)) yield file;
  }

  async removeAbandonedWrites(before: Date): Promise<number> {
    let removed = 0;
    for (const area of STORAGE_AREAS) {
      for await (const file of this.filesIn(area, (name) => TEMPORARY_NAME.test(name))) {
        if (file.modifiedAt >= before) continue; // a write still in progress
        await fs.rm(path.join(this.root, area, file.name), { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  async checkReachable(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
    await fs.access(this.root, fsConstants.W_OK);
  }

  close(): void {}

  /** Files of an area whose names pass `accept`, with their dates; a missing folder is empty. */
  private async *filesIn(area: StorageArea, accept: (name: string) => boolean): AsyncIterable<ListedFile> {
    const dir = path.join(this.root, area);
    const entries = await fs.opendir(dir).catch((error) => {
      if (isMissing(error)) return undefined;
      throw error;
    });
    if (!entries) return;
    for await (const entry of entries) {
      if (!entry.isFile() || !accept(entry.name)) continue;
      // Removed between the listing and now (a delete, another sweep): simply not there any more.
      const stats = await fs.stat(path.join(dir, entry.name)).catch((error) => {
        if (isMissing(error)) return undefined;
        throw error;
      });
      if (stats) yield { name: entry.name, modifiedAt: stats.mtime };
    }
  }

  private pathOf(area: StorageArea, name: string): string {
    if (!isStoredName(name)) throw new Error(`refusing to touch a file that storage did not name: ${name}`);
    return path.join(this.root, area, name);
  }

  private folder(area: StorageArea): Promise<string> {
    let folder = this.folders.get(area);
    if (!folder) {
      const dir = path.join(this.root, area);
      folder = fs.mkdir(dir, { recursive: true }).then(() => dir);
      // A failed mkdir is retried on the next write instead of being remembered.
      folder.catch(() => this.folders.delete(area));
      this.folders.set(area, folder);
    }
    return folder;
  }
}
