/**
 * When a form's fields or threshold change, or a block drops or restores entries, every image's
 * stored state is recomputed in a job (pg-boss), in batches, each image in its own short
 * transaction through the image state writer (so webhooks for images it verifies or completes go
 * out as for any other change). Live, the form's new figures are announced once at the end, not
 * once per image: 10,000 per-image events would tell the owner nothing a refetch does not. Each
 * image's write moves the form's counters by delta; after the pass they are recounted once, so
 * a form-wide change also repairs them.
 */
import type { AppDeps } from '../../appTypes.ts';
import { HttpError } from '../../errors.ts';
import { Form, FormImage } from '../../models/index.ts';
import { DomainEvents } from '../events/domainEventRecorder.ts';
import type { LiveEvent } from '../events/domainEvents.ts';
import { writeImageState } from '../imageState/imageStateWriter.ts';
import { recountFormCounters } from '../stats/formCounters.ts';

export const RECOMPUTE_FORM_QUEUE = 'recompute-form';
const BATCH_SIZE = 200;

interface RecomputeFormJob {
  formId: number;
}

/** Records the recompute on the transaction that changed the form's rules: it runs exactly when that commits. */
export function enqueueFormRecompute(events: DomainEvents, formId: number): Promise<void> {
  return events.record({ type: 'job', job: { queue: RECOMPUTE_FORM_QUEUE, data: { formId } } });
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
        // Recorded here, not dispatched per image: the figures go out once, after the pass.
        const events = new DomainEvents(deps, trx);
        try {
          await writeImageState(events, form, imageId, { kind: 'form-rules' });
        } catch (error) {
          if (error instanceof HttpError && error.status === 404) return []; // the image was deleted meanwhile
          throw error;
        }
        return events.afterCommit;
      });
      // Every image announces the same form-wide figures: the last (newest form row) is kept.
      figures = live.find((event) => event.type === 'form-figures') ?? figures;
      recomputed += 1;
    }
    lastId = ids[ids.length - 1] ?? lastId;
  }
  await recountFormCounters(deps.knex, formId);
  if (figures) await deps.events.dispatch([figures]);
  return recomputed;
}

export function registerFormRecomputeWorker(deps: AppDeps): Promise<void> {
  return deps.jobs.work<RecomputeFormJob>(RECOMPUTE_FORM_QUEUE, async ({ formId }) => {
    await recomputeForm(deps, formId);
  });
}
