/**
 * The folder where uploads in progress were once written as temporary files (DATA_DIR/incoming).
 * Uploads are received in memory now (routes/images/receiveUpload.ts); the folder is still
 * cleared at start, which removes what an older version, or a process that is gone (kill -9, a
 * cut-off upload), left there. One node owns its DATA_DIR, so nothing there belongs to a live request.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';

export const incomingUploadsDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'incoming');

/** Removes everything in the incoming folder; returns how many entries were there. */
export async function clearIncomingUploads(config: Pick<Config, 'dataDir'>): Promise<number> {
  const dir = incomingUploadsDir(config);
  const entries = await fs.readdir(dir).catch(() => [] as string[]);
  await Promise.all(entries.map((entry) => fs.rm(path.join(dir, entry), { recursive: true, force: true })));
  return entries.length;
}
