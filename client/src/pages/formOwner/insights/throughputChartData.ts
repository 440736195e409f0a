/**
 * What the throughput chart shows, kept pure for tests: the days worth drawing (from the first
 * with activity, and at least a week, so one busy day is not a sliver at the end of sixty empty
 * ones), count ticks that are whole numbers, day labels that thin out on a narrow screen, and the
 * completion rate in words that say what it is taken over. Words, days and figures are in the
 * language in use: components pass their own translator (useT), so they re-render with it.
 */
import type { Translator } from '@formscribe/common/i18n/translator';
import type { ThroughputDay, ThroughputResponse } from '@formscribe/common/schemas/insights';
import { scaleLinear } from '@visx/scale';
import { currentTranslator } from '../../../i18n/localeStore.ts';
import type { MessageKey } from '../../../i18n/messageKeys.ts';

type Words = Translator<MessageKey>;

/** The shortest span drawn: a form that started today still shows the week around it. */
export const MIN_CHART_DAYS = 7;

const hasActivity = (day: ThroughputDay) =>
  day.submissions > 0 || day.completedImages > 0 || day.activeContributors > 0;

/** The days from the first with any activity to the last (today), at least `MIN_CHART_DAYS`; none when nothing happened. */
export function daysWorthShowing(days: readonly ThroughputDay[]): ThroughputDay[] {
  const first = days.findIndex(hasActivity);
  if (first < 0) return [];
  return days.slice(Math.max(0, Math.min(first, days.length - MIN_CHART_DAYS)));
}

/** The highest count of any series on any of `days`. */
export function highestCount(days: readonly ThroughputDay[]): number {
  return Math.max(0, ...days.flatMap((d) => [d.submissions, d.completedImages, d.activeContributors]));
}

/** A count axis from 0 to a round number at or above `highest`, and its ticks: whole numbers only (no 0.5 images). */
export function countAxis(highest: number, mostTicks = 5): { top: number; ticks: number[] } {
  const scale = scaleLinear<number>({ domain: [0, Math.max(1, highest)], nice: mostTicks });
  const ticks = scale.ticks(Math.min(mostTicks, Math.max(1, highest))).filter(Number.isInteger);
  const top = scale.domain()[1] ?? 1;
  return { top, ticks };
}

/** The days to label under the chart, at most `mostLabels` of them, evenly spaced and always ending on the last. */
export function labelledDays(days: readonly string[], mostLabels: number): string[] {
  const step = Math.max(1, Math.ceil(days.length / Math.max(1, mostLabels)));
  return days.filter((_, index) => (days.length - 1 - index) % step === 0);
}

/** 'May 4' for '2026-05-04' (a UTC day, as the server counts them); '4 mai' in French. */
export const dayLabel = (day: string, words: Words = currentTranslator()) =>
  words.date(`${day}T00:00:00Z`, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** One day's figures in words: the tooltip and the chart's keyboard reading. */
export function dayInWords(day: ThroughputDay, words: Words = currentTranslator()): string {
  return words.t('progress.throughput.dayInWords', {
    day: dayLabel(day.day, words),
    submissions: day.submissions,
    completed: day.completedImages,
    contributors: day.activeContributors,
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The completion rate as what it is: today's count when the recent activity began today, else the
 * rate per day and the days it is taken over (`today` is the last day, 'YYYY-MM-DD').
 */
export function rateInWords(
  { recentDailyRate, rateDays }: Pick<ThroughputResponse, 'recentDailyRate' | 'rateDays'>,
  today: string,
  words: Words = currentTranslator(),
): string {
  if (rateDays === 0) return words.t('progress.throughput.noRecentEntries');
  if (rateDays === 1) return words.t('progress.throughput.completedToday', { count: Math.round(recentDailyRate) });
  const since = dayLabel(
    new Date(Date.parse(`${today}T00:00:00Z`) - (rateDays - 1) * DAY_MS).toISOString().slice(0, 10),
    words,
  );
  return words.t('progress.throughput.ratePerDay', { rate: recentDailyRate, days: rateDays, since });
}
