import { createTranslator } from '@formscribe/common/i18n/translator';
import type { ThroughputDay } from '@formscribe/common/schemas/insights';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../i18n/loadCatalogue.ts';
import type { MessageKey } from '../../../i18n/messageKeys.ts';
import {
  countAxis,
  dayInWords,
  daysWorthShowing,
  highestCount,
  labelledDays,
  MIN_CHART_DAYS,
  rateInWords,
} from './throughputChartData.ts';

/** `count` UTC days ending on 2026-05-31, quiet unless `busy` says otherwise (by days before the last). */
function sixtyDays(busy: Record<number, Partial<ThroughputDay>> = {}, count = 60): ThroughputDay[] {
  const last = Date.parse('2026-05-31T00:00:00Z');
  return Array.from({ length: count }, (_, index) => {
    const before = count - 1 - index;
    const day = new Date(last - before * 86_400_000).toISOString().slice(0, 10);
    return { day, submissions: 0, completedImages: 0, activeContributors: 0, ...busy[before] };
  });
}

describe('the days the throughput chart draws', () => {
  it('activity only today shows the last week, not 59 empty days and a sliver', () => {
    const shown = daysWorthShowing(sixtyDays({ 0: { submissions: 8, completedImages: 3, activeContributors: 2 } }));
    expect(shown).toHaveLength(MIN_CHART_DAYS);
    expect(shown[0]?.day).toBe('2026-05-25');
    expect(shown.at(-1)).toMatchObject({ day: '2026-05-31', submissions: 8 });
  });

  it('start at the first day with activity when that is more than a week back', () => {
    const shown = daysWorthShowing(sixtyDays({ 20: { submissions: 1 }, 3: { completedImages: 1 } }));
    expect(shown).toHaveLength(21);
    expect(shown[0]?.day).toBe('2026-05-11');
  });

  it('no activity at all draws no chart; a short window is drawn whole', () => {
    expect(daysWorthShowing(sixtyDays())).toEqual([]);
    expect(daysWorthShowing(sixtyDays({ 0: { submissions: 1 } }, 3))).toHaveLength(3);
  });
});

describe('the count axis', () => {
  it('fits the highest count with a round top and whole-number ticks', () => {
    expect(countAxis(8)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
    expect(countAxis(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
    expect(countAxis(1)).toEqual({ top: 1, ticks: [0, 1] });
    expect(countAxis(0)).toEqual({ top: 1, ticks: [0, 1] });
    const big = countAxis(947);
    expect(big.top).toBe(1000);
    expect(big.ticks.at(-1)).toBe(1000);
    expect(big.ticks.length).toBeLessThanOrEqual(6);
  });

  it('the highest count is taken over every series', () => {
    expect(highestCount(sixtyDays({ 1: { submissions: 4 }, 2: { activeContributors: 6 } }))).toBe(6);
  });
});

describe('the day labels', () => {
  it('thin out on a narrow chart and always name the last day', () => {
    const days = sixtyDays().map((d) => d.day);
    const labels = labelledDays(days, 5);
    expect(labels.length).toBeLessThanOrEqual(5);
    expect(labels.at(-1)).toBe('2026-05-31');
    expect(labelledDays(days.slice(-7), 10)).toHaveLength(7);
  });

  it('say the day and its figures in words', () => {
    expect(dayInWords({ day: '2026-05-04', submissions: 8, completedImages: 1, activeContributors: 2 })).toBe(
      'May 4: 8 submissions, 1 image completed, 2 contributors',
    );
  });
});

describe('the completion rate in words', () => {
  it('three images done today are three today, not 0.2 a day', () => {
    expect(rateInWords({ recentDailyRate: 3, rateDays: 1 }, '2026-05-31')).toBe('3 images completed today');
  });

  it('a longer span names its days and where it starts', () => {
    expect(rateInWords({ recentDailyRate: 0.2, rateDays: 5 }, '2026-05-31')).toBe(
      '0.2 images completed per day over the 5 days since May 27',
    );
    expect(rateInWords({ recentDailyRate: 0, rateDays: 0 }, '2026-05-31')).toBe('No entries in the last 14 days');
  });
});

describe('the chart in French', () => {
  it('says the day, its figures and the rate as French writes them', async () => {
    const french = createTranslator<MessageKey>('fr', await loadCatalogue('fr', ['progress']));
    expect(dayInWords({ day: '2026-05-04', submissions: 8, completedImages: 1, activeContributors: 0 }, french)).toBe(
      '4 mai\u00a0: 8 saisies, 1 image terminée, 0 contributeur',
    );
    expect(rateInWords({ recentDailyRate: 0.2, rateDays: 5 }, '2026-05-31', french)).toBe(
      '0,2 images terminées par jour sur les 5 jours depuis le 27 mai',
    );
  });
});
