/**
 * Keeps the Insights figures in step with every change of an image's state, inside the change's
 * own transaction (called by the transaction's announcements, after the image state writer has
 * stored the new state): the image's share of agreement and field difficulty when what its
 * consensus rests on changed, and the day's submissions, contributors and completions.
 */
import type { Knex } from 'knex';
import type { ImageStateChange } from '../imageState/imageStateChange.ts';
import { refreshImageShare } from './imageInsights.ts';

/** Causes that can change entries or verified values, so the image's share must be recomputed. */
const SHARE_INPUTS = new Set<ImageStateChange['cause']['kind']>([
  'entry-added',
  'entry-removed',
  'accepted-value',
  'form-rules',
]);

/** The UTC day of a moment, as the daily tables key it. */
export const utcDay = (moment: Date) => moment.toISOString().slice(0, 10);

export async function recordInsights(trx: Knex.Transaction, change: ImageStateChange): Promise<void> {
  const { form, cause, before, after } = change;
  if (SHARE_INPUTS.has(cause.kind)) await refreshImageShare(trx, form, after);
  if (cause.kind === 'entry-added') {
    const { submittedAt, submittedById } = cause.submission;
    await addToDay(trx, form.id, utcDay(new Date(submittedAt)), { submissions: 1 });
    if (submittedById !== null) {
      await trx('form_daily_contributors')
        .insert({ form_id: form.id, day: utcDay(new Date(submittedAt)), user_id: submittedById })
        .onConflict(['form_id', 'day', 'user_id'])
        .ignore();
    }
  }
  // A completion counts on the day it happened, and is taken back from that day if undone.
  if (!before.isComplete && after.isComplete && after.completedAt) {
    await addToDay(trx, form.id, utcDay(new Date(after.completedAt)), { completed_images: 1 });
  }
  if (before.isComplete && !after.isComplete && before.completedAt) {
    await addToDay(trx, form.id, utcDay(new Date(before.completedAt)), { completed_images: -1 });
  }
}

async function addToDay(
  trx: Knex.Transaction,
  formId: number,
  day: string,
  delta: { submissions?: number; completed_images?: number },
): Promise<void> {
  const submissions = delta.submissions ?? 0;
  const completed = delta.completed_images ?? 0;
  await trx.raw(
    `INSERT INTO form_daily_activity AS a (form_id, day, submissions, completed_images) VALUES (?, ?, ?, ?)
     ON CONFLICT (form_id, day) DO UPDATE SET
       submissions = a.submissions + EXCLUDED.submissions,
       completed_images = a.completed_images + EXCLUDED.completed_images`,
    [formId, day, submissions, completed],
  );
}
