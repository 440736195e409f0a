/**
 * The repair job for a form's counters: recounts them from its images and announces the figures.
 * The counters change by delta with every image change, so this is not needed on any normal path;
 * it is how an administrator (or a future check) puts a form right after a fault, on any node.
 */
import type { AppDeps } from '../../appTypes.ts';
import { Form } from '../../models/index.ts';
import type { JobData } from '../events/domainEvents.ts';
import { type FormCounters, recountFormCounters } from './formCounters.ts';

export const RECOUNT_FORM_FIGURES_QUEUE = 'recount-form-figures';

type RecountFormFiguresJob = JobData<typeof RECOUNT_FORM_FIGURES_QUEUE>;

/** Asks a worker (on any node) to recount the form's figures. */
export function enqueueFormFiguresRecount(deps: Pick<AppDeps, 'events'>, formId: number): Promise<void> {
  return deps.events.dispatch([{ type: 'job', job: { queue: RECOUNT_FORM_FIGURES_QUEUE, data: { formId } } }]);
}

/** Recounts the form's figures now and announces them; undefined when the form no longer exists. */
export async function recountFormFigures(
  deps: Pick<AppDeps, 'knex' | 'events'>,
  formId: number,
): Promise<FormCounters | undefined> {
  const counters = await recountFormCounters(deps.knex, formId);
  if (!counters) return undefined;
  const form = await Form.query(deps.knex).findById(formId);
  if (form) await deps.events.dispatch([{ type: 'form-figures', form }]);
  return counters;
}

export function registerFormRecountWorker(deps: AppDeps): Promise<void> {
  return deps.jobs.work<RecountFormFiguresJob>(RECOUNT_FORM_FIGURES_QUEUE, async ({ formId }) => {
    await recountFormFigures(deps, formId);
  });
}
