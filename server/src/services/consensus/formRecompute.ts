/**
 * When a form's fields or threshold change, or a block drops or restores entries, every image's
 * stored state is recomputed in a job (pg-boss), in batches, each image in its own short
 * transaction through the image state writer (so webhooks for images it verifies or completes go
 * out as for any other change). Live, the form's new figures are announced once at the end, not
 * once per image: 10,000 per-image events would tell the owner nothing a refetch does not. Each
 * image's write moves the form's counters by delta; after the pass they are recounted once, so
 * a form-wide change also repairs them.
 */
import type { Knex } from 'knex';
import type { AppDeps } from '../../appTypes.ts';
import { HttpError } from '../../errors.ts';
import type { JobQueue } from '../../jobs/jobQueue.ts';
import { Form, FormImage } from '../../models/index.ts';
import { Announcements } from '../announcements/announcements.ts';
import type { LiveEvent } from '../announcements/liveEvents.ts';
import { writeImageState } from '../imageState/imageStateWriter.ts';
import { recountFormCounters } from '../stats/formCounters.ts';

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
  let figures: LiveEvent | undefined;
  for (;;) {
    const ids = (
      await FormImage.query().where({ formId }).where('id', '>', lastId).orderBy('id').limit(BATCH_SIZE).select('id')
    ).map((row) => row.id);
    if (!ids.length) break;
    for (const imageId of ids) {
      const live = await deps.knex.transaction(async (trx) => {
        // Read the form inside each transaction: a later edit re-queues the job anyway.
        const form = await Form.query(trx).findById(formId);
        if (!form) return [];
        const announcements = new Announcements(deps, trx);
        try {
          await writeImageState(announcements, form, imageId, { kind: 'form-rules' });
        } catch (error) {
          if (error instanceof HttpError && error.status === 404) return []; // the image was deleted meanwhile
          throw error;
        }
        return announcements.live;
      });
      // Every image announces the same form-wide figures: the last (newest form row) is kept.
      figures = live.find((event) => event.type === 'form-figures') ?? figures;
      recomputed += 1;
    }
    lastId = ids[ids.length - 1] ?? lastId;
  }
  await recountFormCounters(deps.knex, formId);
  if (figures) await deps.live.publish([figures]);
  return recomputed;
}

export function registerFormRecomputeWorker(deps: AppDeps): Promise<void> {
  return deps.jobs.work<RecomputeFormJob>(RECOMPUTE_FORM_QUEUE, async ({ formId }) => {
    await recomputeForm(deps, formId);
  });
}
