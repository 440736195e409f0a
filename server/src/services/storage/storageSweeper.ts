/**
 * Removes stored files that no row points to. A file is stored before its row commits (so a
 * row never points to a missing file), which means a crash between the two, or a delete whose
 * file removal failed, leaves a file nobody can reach. The sweeper finds those by listing
 * storage and asking the database, a batch at a time.
 *
 * Files younger than the grace period are never touched: an upload between its storage write
 * and its commit looks exactly like an orphan. Names are random and never reused, so a file
 * older than that can no longer gain a row.
 */
import type { AppDeps } from '../../appTypes.ts';
import { Form, FormImage, FormImport } from '../../models/index.ts';
import { fileStorage } from './fileStorage.ts';
import { displayCopyNames, originalNamesForThumbnail, STORAGE_AREAS, type StorageArea } from './storedNames.ts';

/** Much longer than any upload takes from its storage write to its commit. */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;
const DEFAULT_BATCH_SIZE = 500;

export interface SweepOptions {
  graceMs?: number;
  /** Names checked against the database per query. */
  batchSize?: number;
}

export interface SweepResult {
  /** Files old enough to be checked. */
  checked: number;
  /** Of those, the ones no row referenced, now removed. */
  removed: number;
  /** Temporary files of writes that a crash cut off. */
  abandonedWrites: number;
}

const namesIn = <T>(rows: T[], pick: (row: T) => string | null) =>
  new Set(rows.map(pick).filter((name): name is string => name !== null));

/** The names among `names` that some row of the area's table points to. */
async function referencedNames(area: StorageArea, names: string[]): Promise<Set<string>> {
  if (area === 'images') {
    return namesIn(await FormImage.query().whereIn('filename', names).select('filename'), (row) => row.filename);
  }
  if (area === 'logos') {
    return namesIn(await Form.query().whereIn('logoFilename', names).select('logoFilename'), (row) => row.logoFilename);
  }
  if (area === 'imports') {
    // A container stays while its import runs; the worker removes it at the end.
    return namesIn(await FormImport.query().whereIn('storedName', names).select('storedName'), (row) => row.storedName);
  }
  if (area === 'displays') {
    // A display copy belongs to the original with its id, whatever that original's extension.
    const originals = await FormImage.query()
      .whereIn('filename', names.flatMap(originalNamesForThumbnail))
      .select('filename');
    const kept = new Set(originals.flatMap((row) => displayCopyNames(row.filename)));
    return new Set(names.filter((name) => kept.has(name)));
  }
  // A thumbnail shares its original's random id, so the unique index on filename finds its row.
  const byIndex = namesIn(
    await FormImage.query()
      .whereIn('filename', names.flatMap(originalNamesForThumbnail))
      .whereIn('thumbnailFilename', names)
      .select('thumbnailFilename'),
    (row) => row.thumbnailFilename,
  );
  // A deletion must never rest on a naming convention: the few names left are checked exactly.
  const unmatched = names.filter((name) => !byIndex.has(name));
  if (!unmatched.length) return byIndex;
  const exact = await FormImage.query().whereIn('thumbnailFilename', unmatched).select('thumbnailFilename');
  return new Set([...byIndex, ...namesIn(exact, (row) => row.thumbnailFilename)]);
}

/** Sweeps every storage area once. */
export async function sweepStorage(
  deps: Pick<AppDeps, 'config' | 'logger'>,
  options: SweepOptions = {},
): Promise<SweepResult> {
  const storage = fileStorage(deps.config);
  const cutoff = new Date(Date.now() - (options.graceMs ?? SWEEP_GRACE_MS));
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const result: SweepResult = { checked: 0, removed: 0, abandonedWrites: 0 };

  const sweepBatch = async (area: StorageArea, batch: string[]) => {
    const referenced = await referencedNames(area, batch);
    const orphans = batch.filter((name) => !referenced.has(name));
    if (orphans.length) await storage.remove(area, orphans);
    result.checked += batch.length;
    result.removed += orphans.length;
  };

  for (const area of STORAGE_AREAS) {
    let batch: string[] = [];
    for await (const file of storage.list(area)) {
      if (file.modifiedAt >= cutoff) continue;
      batch.push(file.name);
      if (batch.length >= batchSize) {
        await sweepBatch(area, batch);
        batch = [];
      }
    }
    if (batch.length) await sweepBatch(area, batch);
  }
  result.abandonedWrites = await storage.removeAbandonedWrites(cutoff);
  if (result.removed || result.abandonedWrites) deps.logger.info(result, 'removed stored files without a row');
  return result;
}
