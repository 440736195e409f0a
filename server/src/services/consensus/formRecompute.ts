/**
 * When a form's fields or threshold change, every image's stored consensus is recomputed in a
 * job (pg-boss), in batches, each image in its own short transaction with its row locked.
 */
import type { Knex } from 'knex';
import type { AppDeps } from '../../appTypes.ts';
import type { JobQueue } from '../../jobs/jobQueue.ts';
import { Form, FormImage } from '../../models/index.ts';
import { lockImage, recomputeImage } from './imageConsensusStore.ts';

export const RECOMPUTE_FORM_QUEUE = 'recompute-form';
const BATCH_SIZE = 200;

interface RecomputeFormJob {
  formId: number;
}

export function enqueueFormRecompute(jobs: JobQueue, trx: Knex.Transaction, formId: number): Promise<void> {
  return jobs.enqueue<RecomputeFormJob>(trx, RECOMPUTE_FORM_QUEUE, { formId });
}

export async function recomputeForm(deps: AppDeps, formId: number): Promise<number> {
  let lastId = 0;
  let recomputed = 0;
  for (;;) {
    const ids = (
      await FormImage.query().where({ formId }).where('id', '>', lastId).orderBy('id').limit(BATCH_SIZE).select('id')
    ).map((row) => row.id);
    if (!ids.length) return recomputed;
    for (const imageId of ids) {
      await deps.knex.transaction(async (trx) => {
        // Read the form inside each transaction: a later edit re-queues the job anyway.
        const form = await Form.query(trx).findById(formId);
        const image = await lockImage(trx, imageId);
        if (form && image) await recomputeImage(trx, image, form);
      });
      recomputed += 1;
    }
    lastId = ids[ids.length - 1] ?? lastId;
  }
}

export function registerFormRecomputeWorker(deps: AppDeps): Promise<void> {
  return deps.jobs.work<RecomputeFormJob>(RECOMPUTE_FORM_QUEUE, async ({ formId }) => {
    await recomputeForm(deps, formId);
  });
}
