/**
 * Throughput per UTC day (submissions, completed images, active contributors) from the form's
 * daily tables, and a projected completion date from the recent completion rate and the form's
 * stored counters: no entry or image is read.
 */
import type { ThroughputDay, ThroughputResponse } from '@formscribe/common/schemas/insights';
import type { Knex } from 'knex';
import type { Form } from '../../models/index.ts';
import { utcDay } from './insightsRecorder.ts';

/** The days the forecast's rate is taken over. */
export const FORECAST_WINDOW_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export async function throughput(knex: Knex, form: Form, days: number, now = new Date()): Promise<ThroughputResponse> {
  const today = Date.parse(utcDay(now));
  const first = utcDay(new Date(today - (Math.max(days, FORECAST_WINDOW_DAYS) - 1) * DAY_MS));
  const { rows } = await knex.raw(
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(a.submissions, 0)::int AS submissions,
            coalesce(a.completed_images, 0)::int AS "completedImages",
            (SELECT count(*)::int FROM form_daily_contributors c WHERE c.form_id = d.form_id AND c.day = d.day)
              AS "activeContributors"
     FROM (SELECT ?::int AS form_id, day::date FROM generate_series(?::date, ?::date, interval '1 day') AS day) d
     -- A day's figures are the sum of its slots (services/insights/imageInsightsStatements.ts).
     LEFT JOIN (SELECT day, sum(submissions) AS submissions, sum(completed_images) AS completed_images
                FROM form_daily_activity WHERE form_id = ? GROUP BY day) a ON a.day = d.day
     ORDER BY d.day`,
    [form.id, first, utcDay(now), form.id],
  );
  const all = rows as ThroughputResponse['days'];
  const { recentDailyRate, rateDays } = recentCompletionRate(all.slice(-FORECAST_WINDOW_DAYS));
  const remainingImages = Math.max(0, form.imageCount - form.completedImageCount);
  const projectedCompletion =
    remainingImages > 0 && recentDailyRate > 0
      ? utcDay(new Date(today + Math.ceil(remainingImages / recentDailyRate) * DAY_MS))
      : null;
  return { days: all.slice(-days), remainingImages, recentDailyRate, rateDays, projectedCompletion };
}

/**
 * Completed images per day over the active part of the recent days (oldest first, ending today):
 * from the first day with a submission or a completion to today. Dividing by the whole window
 * would call three images done today 0.2 a day; a form that started today has had one day.
 */
export function recentCompletionRate(recent: readonly ThroughputDay[]): { recentDailyRate: number; rateDays: number } {
  const firstActive = recent.findIndex((day) => day.submissions > 0 || day.completedImages > 0);
  if (firstActive < 0) return { recentDailyRate: 0, rateDays: 0 };
  const rateDays = recent.length - firstActive;
  const completed = recent.reduce((sum, day) => sum + day.completedImages, 0);
  return { recentDailyRate: completed / rateDays, rateDays };
}
