/**
 * Abandoned resumable uploads (a laptop closed for good, a tab never reopened) expire 24 hours
 * after they were created; this job removes their bytes every hour, as the storage sweep does
 * for orphaned files (pg-boss runs one per tick across the deployment). An expired upload is
 * already refused before it is swept, so the sweep's timing never decides anything.
 */
import type { AppDeps } from '../../appTypes.ts';

export const RESUMABLE_UPLOAD_SWEEP_QUEUE = 'resumable-upload-sweep';
const HOURLY = '43 * * * *';

/** Removes the expired uploads now; returns how many. */
export async function sweepExpiredUploads(deps: Pick<AppDeps, 'config' | 'logger'>): Promise<number> {
  const { removeExpiredUploads } = await import('./resumableUploadServer.ts'); // loaded when first needed
  const removed = await removeExpiredUploads(deps.config);
  if (removed) deps.logger.info({ removed }, 'removed expired resumable uploads');
  return removed;
}

export async function registerResumableUploadSweepWorker(deps: AppDeps): Promise<void> {
  const sweep = async () => {
    await sweepExpiredUploads(deps);
  };
  await deps.jobs.work(RESUMABLE_UPLOAD_SWEEP_QUEUE, sweep, {
    // A sweep that fails simply waits for the next one.
    policy: { retryLimit: 1, retryDelay: 60, retryBackoff: false, expireInSeconds: 30 * 60 },
  });
  await deps.jobs.schedule(RESUMABLE_UPLOAD_SWEEP_QUEUE, HOURLY);
}
