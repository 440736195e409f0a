/** The Insights repair as a job, so any node's worker runs it (services/insights/insightsRecount.ts). */
import type { AppDeps } from '../../appTypes.ts';
import type { JobData } from '../events/domainEvents.ts';
import { recountFormInsights } from './insightsRecount.ts';

export const RECOUNT_FORM_INSIGHTS_QUEUE = 'recount-form-insights';

type RecountFormInsightsJob = JobData<typeof RECOUNT_FORM_INSIGHTS_QUEUE>;

/** Asks a worker (on any node) to recount the form's Insights figures. */
export function enqueueFormInsightsRecount(deps: Pick<AppDeps, 'events'>, formId: number): Promise<void> {
  return deps.events.dispatch([{ type: 'job', job: { queue: RECOUNT_FORM_INSIGHTS_QUEUE, data: { formId } } }]);
}

export function registerInsightsRecountWorker(deps: AppDeps): Promise<void> {
  return deps.jobs.work<RecountFormInsightsJob>(RECOUNT_FORM_INSIGHTS_QUEUE, async ({ formId }) => {
    await recountFormInsights(deps.knex, formId);
  });
}
