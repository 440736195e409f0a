/**
 * The figures a progress e-mail shows. Progress (completion, completed and total images) is the
 * form's state now, read from the counters on its row (no query). Activity (contributors,
 * submissions, images added) is counted over the optional date range, through the indexes on
 * (form_id, submitted_at), (form_id, submitted_by_id) and (form_id, uploaded_at); without a
 * range, images added is the form's own image counter. Days are whole UTC days, the end included.
 */
import type { CampaignMetrics } from '@formscribe/common/schemas/campaigns';
import type { Knex } from 'knex';
import type { Form } from '../../models/index.ts';
import { verificationStats } from '../stats/verificationStats.ts';

export interface DateRange {
  /** YYYY-MM-DD, or null for no bound. */
  start: string | null;
  end: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first instant of a YYYY-MM-DD day (UTC). */
export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/** The YYYY-MM-DD of a stored day bound. */
export function dayOf(date: Date | null): string | null {
  return date ? date.toISOString().slice(0, 10) : null;
}

function within(query: Knex.QueryBuilder, column: string, range: DateRange): Knex.QueryBuilder {
  if (range.start) query.where(column, '>=', dayStart(range.start));
  if (range.end) query.where(column, '<', new Date(dayStart(range.end).getTime() + DAY_MS));
  return query;
}

async function countOf(query: Knex.QueryBuilder): Promise<number> {
  const rows = (await query) as Array<{ n: number }>;
  return rows[0]?.n ?? 0;
}

export async function campaignMetrics(knex: Knex, form: Form, range: DateRange): Promise<CampaignMetrics> {
  const progress = verificationStats(form);
  const submissions = () => within(knex('form_submissions').where('form_id', form.id), 'submitted_at', range);
  const bounded = Boolean(range.start || range.end);
  const [submissionCount, contributorCount, newImagesAdded] = await Promise.all([
    countOf(submissions().count('* as n')),
    countOf(submissions().whereNotNull('submitted_by_id').countDistinct('submitted_by_id as n')),
    bounded
      ? countOf(within(knex('form_images').where('form_id', form.id), 'uploaded_at', range).count('* as n'))
      : Promise.resolve(form.imageCount),
  ]);
  return {
    completionPercentage: progress.completionPercentage,
    completedImages: progress.completedImages,
    totalImages: progress.totalImages,
    contributorCount,
    submissionCount,
    newImagesAdded,
    dateRange: { start: range.start, end: range.end },
  };
}
