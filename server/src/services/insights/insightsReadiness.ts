/**
 * Forms whose per-image Insights figures were never computed (entries from before Insights) are
 * listed in form_insights_pending by the migration. The first read of such a form's figures
 * queues one repair recount; every read until the recount is done answers `computing: true`.
 * A queued recount that has not finished within the hour (a node died mid-run) is queued again.
 */
import type { AppDeps } from '../../appTypes.ts';
import { enqueueFormInsightsRecount } from './insightsRecountJob.ts';

/** True while the form's first recount is pending; queues it when no read has yet. */
export async function insightsComputing(deps: Pick<AppDeps, 'knex' | 'events'>, formId: number): Promise<boolean> {
  // One statement, so of two reads at once only one wins the row and queues the recount.
  const { rows } = await deps.knex.raw(
    `WITH pending AS (SELECT 1 FROM form_insights_pending WHERE form_id = :formId),
          queued AS (
            UPDATE form_insights_pending SET queued_at = now()
            WHERE form_id = :formId AND (queued_at IS NULL OR queued_at < now() - interval '1 hour')
            RETURNING 1)
     SELECT EXISTS (SELECT 1 FROM pending) AS computing, EXISTS (SELECT 1 FROM queued) AS queue`,
    { formId },
  );
  const { computing, queue } = rows[0] as { computing: boolean; queue: boolean };
  if (queue) {
    try {
      await enqueueFormInsightsRecount(deps, formId);
    } catch (error) {
      // Let the next read try again rather than wait out the hour.
      await deps.knex('form_insights_pending').where({ form_id: formId }).update({ queued_at: null });
      throw error;
    }
  }
  return computing;
}
