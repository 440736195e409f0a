/**
 * The storage sweep as a job: every hour (pg-boss runs one per tick across the deployment) and
 * once when a node starts, so files a crash left behind go soon after the restart.
 */
import type { AppDeps } from '../../appTypes.ts';
import { sweepStorage } from './storageSweeper.ts';

export const STORAGE_SWEEP_QUEUE = 'storage-sweep';
const HOURLY = '17 * * * *';

export async function registerStorageSweepWorker(deps: AppDeps): Promise<void> {
  const sweep = async () => {
    await sweepStorage(deps);
  };
  await deps.jobs.work(STORAGE_SWEEP_QUEUE, sweep, {
    // A sweep that fails simply waits for the next one; a large storage may take a while to list.
    policy: { retryLimit: 1, retryDelay: 60, retryBackoff: false, expireInSeconds: 30 * 60 },
  });
  await deps.jobs.schedule(STORAGE_SWEEP_QUEUE, HOURLY);
}

/** Asks for a sweep now (the entry point does at start; test servers do not, to leave their files alone). */
export async function requestStorageSweep(deps: AppDeps): Promise<void> {
  await deps.events.dispatch([{ type: 'job', job: { queue: STORAGE_SWEEP_QUEUE, data: {} } }]);
}
