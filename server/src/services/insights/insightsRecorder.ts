/**
 * Keeps the Insights figures in step with every change of an image's state: the image's share of
 * agreement and field difficulty when what its consensus rests on changed, and the day's
 * submissions, contributors and completions. The image state writer runs these writes in the
 * statement that stores the image's new state (services/imageState/imageStateWriter.ts), so they
 * commit or roll back with it and cost no round trip of their own; their inputs were read with
 * the consensus.
 */
import type { FormImage } from '../../models/index.ts';
import type { ImageStateChange } from '../imageState/imageStateChange.ts';
import { imageShareWrites } from './imageInsights.ts';
import { sumSlot, type WritePart } from './imageInsightsStatements.ts';

/** The UTC day of a moment, as the daily tables key it. */
export const utcDay = (moment: Date) => moment.toISOString().slice(0, 10);

interface DayDelta {
  day: string;
  submissions: number;
  completedImages: number;
}

/** What Insights reads of the image as it is about to be stored. */
export type ImageAboutToBeStored = Pick<FormImage, 'id' | 'fieldStatus' | 'isComplete' | 'completedAt'>;

/** The Insights writes of one change (`after` as it is about to be stored). Pure. */
export function insightWrites(
  change: Omit<ImageStateChange, 'contributors' | 'after'> & { after: ImageAboutToBeStored },
): WritePart[] {
  const { form, cause, before, after } = change;
  // The writer read the image's Insights inputs with its consensus exactly when the cause could
  // change its entries or verified values: then its share is recomputed.
  const parts: WritePart[] = change.insightInputs ? imageShareWrites(form, after, change.insightInputs) : [];
  const days = new Map<string, DayDelta>();
  const addToDay = (moment: Date, delta: Partial<Omit<DayDelta, 'day'>>) => {
    const day = utcDay(new Date(moment));
    const sum = days.get(day) ?? { day, submissions: 0, completedImages: 0 };
    days.set(day, sum);
    sum.submissions += delta.submissions ?? 0;
    sum.completedImages += delta.completedImages ?? 0;
  };
  if (cause.kind === 'entry-added') {
    const { submittedAt, submittedById } = cause.submission;
    addToDay(submittedAt, { submissions: 1 });
    if (submittedById !== null) parts.push(dailyContributor(form.id, utcDay(new Date(submittedAt)), submittedById));
  }
  // A completion counts on the day it happened, and is taken back from that day if undone.
  if (!before.isComplete && after.isComplete && after.completedAt) addToDay(after.completedAt, { completedImages: 1 });
  if (before.isComplete && !after.isComplete && before.completedAt)
    addToDay(before.completedAt, { completedImages: -1 });
  if (days.size) parts.push(dailyActivity(form.id, sumSlot(after.id), [...days.values()]));
  return parts;
}

/** One row per day (a statement may not change one row twice), days in order, in the image's slot. */
function dailyActivity(formId: number, slot: number, days: DayDelta[]): WritePart {
  return {
    sql: `INSERT INTO form_daily_activity AS a (form_id, day, slot, submissions, completed_images)
          SELECT :activityFormId, CAST(d.day AS date), :activitySlot, d.submissions, d."completedImages"
          FROM jsonb_to_recordset(CAST(:activityDays AS jsonb)) AS d(day text, submissions int, "completedImages" int)
          ORDER BY 2
          ON CONFLICT (form_id, day, slot) DO UPDATE SET
            submissions = a.submissions + EXCLUDED.submissions,
            completed_images = a.completed_images + EXCLUDED.completed_images`,
    bindings: { activityFormId: formId, activitySlot: slot, activityDays: JSON.stringify(days) },
  };
}

function dailyContributor(formId: number, day: string, userId: number): WritePart {
  return {
    sql: `INSERT INTO form_daily_contributors (form_id, day, user_id)
          VALUES (:contributorFormId, CAST(:contributorDay AS date), :contributorUserId)
          ON CONFLICT (form_id, day, user_id) DO NOTHING`,
    bindings: { contributorFormId: formId, contributorDay: day, contributorUserId: userId },
  };
}
