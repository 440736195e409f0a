/**
 * Monthly periods and proration: the one piece of billing arithmetic, shared by both payment
 * providers. Amounts are integer cents throughout.
 *
 * Periods follow Stripe's monthly billing: a subscription started on the 31st renews on the last
 * day of shorter months (Jan 31 → Feb 29 in a leap year → Mar 31), always from the original
 * anchor day, never drifting to the 28th for good. Proration is by the exact time left in the
 * period (as Stripe prorates by the second), so a change on the first instant of a period costs
 * the whole difference, one in its last day a day's share of it, and a February day is worth
 * more than a March day (fewer days share the same monthly price).
 */
import type { BillingPeriod } from './paymentProvider.ts';

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** `anchor` moved `months` calendar months on (UTC), its day clamped to the target month's length. */
export function addMonths(anchor: Date, months: number): Date {
  const totalMonths = anchor.getUTCFullYear() * 12 + anchor.getUTCMonth() + months;
  const year = Math.floor(totalMonths / 12);
  const monthIndex = totalMonths - year * 12;
  const day = Math.min(anchor.getUTCDate(), daysInMonth(year, monthIndex));
  return new Date(
    Date.UTC(
      year,
      monthIndex,
      day,
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/** The monthly period, counted from `anchor` (when the subscription started), that contains `at`. */
export function monthlyPeriodContaining(anchor: Date, at: Date): BillingPeriod {
  if (at < anchor) return { start: anchor, end: addMonths(anchor, 1) };
  // A first guess from the calendar, corrected by at most a step either way.
  let months = (at.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (at.getUTCMonth() - anchor.getUTCMonth());
  while (months > 0 && addMonths(anchor, months) > at) months -= 1;
  while (addMonths(anchor, months + 1) <= at) months += 1;
  return { start: addMonths(anchor, months), end: addMonths(anchor, months + 1) };
}

/** Rounds to whole cents, halves away from zero, so a charge and the matching credit are mirror images. */
function roundCents(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/**
 * The prorated share of a monthly price difference for what is left of `period` at `at`:
 * positive when moving to a dearer plan (charged now), negative when moving to a cheaper one
 * (credited). Zero once the period is over; the whole difference at or before its start.
 */
export function prorateCents(fromPriceCents: number, toPriceCents: number, period: BillingPeriod, at: Date): number {
  const length = period.end.getTime() - period.start.getTime();
  if (length <= 0) return 0;
  const left = Math.min(Math.max(period.end.getTime() - at.getTime(), 0), length);
  const result = roundCents(((toPriceCents - fromPriceCents) * left) / length);
  // Math.sign(0) * 0 can give -0; amounts are plain integers.
  return result === 0 ? 0 : result;
}
