/**
 * Estimating an image's shift as a job, so an upload answers as fast as before (B5) and the
 * matching runs on whichever node's worker is free, a few at a time. An estimate never replaces a
 * shift a person set, and the sample image itself sits exactly where its boxes were drawn.
 */
import type { AppDeps } from '../../appTypes.ts';
import type { DomainEvents } from '../events/domainEventRecorder.ts';
import type { JobData } from '../events/domainEvents.ts';
import { readAgainAfterShift } from '../ocr/machineReadingJob.ts';
import { fileStorage } from '../storage/fileStorage.ts';
import { readStoredFile } from '../storage/readStoredFile.ts';
import { estimateShift } from './shiftEstimator.ts';

export const ESTIMATE_REGION_SHIFT_QUEUE = 'estimate-region-shift';

/** Images matched at once per node: each holds two decoded pages and sharp's threads. */
const ESTIMATE_CONCURRENCY = 2;
/** Below this the edges do not really match: the estimate is stored as no shift, with its low confidence. */
export const MIN_TRUSTED_CONFIDENCE = 0.3;

type EstimateShiftJob = JobData<typeof ESTIMATE_REGION_SHIFT_QUEUE>;

/**
 * Within the upload's transaction: asks for the new image's shift when its form has a sample image
 * (one primary-key read otherwise, so uploads to forms without regions pay nothing more).
 */
export async function enqueueShiftEstimateOnUpload(
  events: DomainEvents,
  formId: number,
  imageId: number,
): Promise<void> {
  const settings = await events.trx('form_region_settings').where({ form_id: formId }).first('sample_image_id');
  if (!settings?.sampleImageId) return;
  await events.record({ type: 'job', job: { queue: ESTIMATE_REGION_SHIFT_QUEUE, data: { imageId } } });
}

/** Within `trx`: asks for the shift of every image of the form but the sample (a new sample was chosen). */
export async function enqueueShiftEstimates(
  events: DomainEvents,
  formId: number,
  sampleImageId: number,
): Promise<void> {
  const rows: Array<{ id: number }> = await events
    .trx('form_images')
    .where({ form_id: formId })
    .whereNot({ id: sampleImageId })
    .select('id');
  const data = rows.map((row) => ({ imageId: row.id }));
  await events.record({ type: 'jobs', jobs: { queue: ESTIMATE_REGION_SHIFT_QUEUE, data } });
}

/**
 * Within an image's turn (a person's, or orientation detection's): shifts are estimated on the
 * pages as shown (shiftEstimator.ts), so the image's estimate, made on the page as it was turned
 * before, is dropped and made again (its reading waits for it, machineReadingTurn.ts); a turned
 * sample drops and asks again for every image's. A person's shift is kept, as everywhere.
 */
export async function estimateAgainAfterTurn(events: DomainEvents, formId: number, imageId: number): Promise<void> {
  const settings = await events.trx('form_region_settings').where({ form_id: formId }).first('sample_image_id');
  const sampleId: number | null = settings?.sampleImageId ?? null;
  if (sampleId === null) return;
  const turned = sampleId === imageId ? events.trx('form_images').where({ form_id: formId }).select('id') : [imageId];
  await events.trx('image_region_shifts').where({ source: 'estimated' }).whereIn('image_id', turned).delete();
  if (sampleId === imageId) await enqueueShiftEstimates(events, formId, sampleId);
  else await events.record({ type: 'job', job: { queue: ESTIMATE_REGION_SHIFT_QUEUE, data: { imageId } } });
}

/** Estimates and stores one image's shift; an image, sample or file that is gone ends the job quietly. */
export async function estimateImageShift(deps: AppDeps, imageId: number): Promise<void> {
  const image = await deps
    .knex('form_images as i')
    .join('form_region_settings as s', 's.form_id', 'i.form_id')
    .join('form_images as sample', 'sample.id', 's.sample_image_id')
    .where('i.id', imageId)
    .first(
      'i.filename as filename',
      'i.rotation as rotation',
      'sample.filename as sample_filename',
      'sample.rotation as sample_rotation',
      'sample.id as sample_id',
    );
  if (!image || image.sampleId === imageId) return;
  const storage = fileStorage(deps.config);
  const [scan, sample] = await Promise.all([
    readStoredFile(storage, 'images', image.filename),
    readStoredFile(storage, 'images', image.sampleFilename),
  ]);
  if (!scan || !sample) return;
  const estimate = await estimateShift(
    { image: sample, rotation: image.sampleRotation },
    { image: scan, rotation: image.rotation },
  );
  const trusted = estimate.confidence >= MIN_TRUSTED_CONFIDENCE;
  await deps
    .knex('image_region_shifts')
    .insert({
      image_id: imageId,
      dx: trusted ? estimate.dx : 0,
      dy: trusted ? estimate.dy : 0,
      confidence: estimate.confidence,
      source: 'estimated',
    })
    .onConflict('image_id')
    .merge(['dx', 'dy', 'confidence', 'updated_at'])
    .where('image_region_shifts.source', 'estimated')
    .catch((error: { code?: string }) => {
      // 23503: the image was deleted while it was being matched; nothing to store.
      if (error.code !== '23503') throw error;
    });
  await readAgainAfterShift(deps, imageId);
}

export function registerRegionShiftWorker(deps: AppDeps): Promise<void> {
  return deps.jobs.work<EstimateShiftJob>(
    ESTIMATE_REGION_SHIFT_QUEUE,
    ({ imageId }) => estimateImageShift(deps, imageId),
    {
      concurrency: 1,
      batchSize: ESTIMATE_CONCURRENCY,
    },
  );
}
