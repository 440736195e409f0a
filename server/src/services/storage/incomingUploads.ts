/**
 * The temporary folder where uploads land while they are received (DATA_DIR/incoming). One node
 * owns its DATA_DIR, so whatever is there when the process starts, or after its shutdown has
 * drained, belongs to requests of a process that is gone (kill -9, a cut-off upload).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { incomingUploadsDir } from '../../routes/images/receiveUpload.ts';

/** Removes everything in the incoming folder; returns how many entries were there. */
export async function clearIncomingUploads(config: Pick<Config, 'dataDir'>): Promise<number> {
  const dir = incomingUploadsDir(config);
  const entries = await fs.readdir(dir).catch(() => [] as string[]);
  await Promise.all(entries.map((entry) => fs.rm(path.join(dir, entry), { recursive: true, force: true })));
  return entries.length;
}
