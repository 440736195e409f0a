import { describe, expect, it } from 'vitest';
import { addMonths, monthlyPeriodContaining, prorateCents } from './proration.ts';

const utc = (text: string) => new Date(`${text}Z`);
const DAY = 24 * 60 * 60 * 1000;
const STARTER = 1900;
const PROFESSIONAL = 4900;

describe('monthly periods', () => {
  it('renew on the anchor day, clamped to the last day of shorter months, never drifting', () => {
    const anchor = utc('2027-01-31T10:00:00');
    expect(addMonths(anchor, 1)).toEqual(utc('2027-02-28T10:00:00'));
    expect(addMonths(anchor, 2)).toEqual(utc('2027-03-31T10:00:00'));
    expect(addMonths(utc('2028-01-31T10:00:00'), 1)).toEqual(utc('2028-02-29T10:00:00'));
    expect(addMonths(utc('2027-11-15T00:00:00'), 3)).toEqual(utc('2028-02-15T00:00:00'));
  });

  it('find the period holding a moment, its first instant included and its end excluded', () => {
    const anchor = utc('2028-01-31T10:00:00');
    expect(monthlyPeriodContaining(anchor, utc('2028-03-01T00:00:00'))).toEqual({
      start: utc('2028-02-29T10:00:00'),
      end: utc('2028-03-31T10:00:00'),
    });
    expect(monthlyPeriodContaining(anchor, utc('2028-02-29T10:00:00')).start).toEqual(utc('2028-02-29T10:00:00'));
    expect(monthlyPeriodContaining(anchor, utc('2028-02-29T09:59:59')).start).toEqual(anchor);
    expect(monthlyPeriodContaining(anchor, anchor)).toEqual({ start: anchor, end: utc('2028-02-29T10:00:00') });
  });
});

describe('proration', () => {
  const march = { start: utc('2027-03-01T00:00:00'), end: utc('2027-04-01T00:00:00') };

  it('charges the whole difference on the first instant of the period', () => {
    expect(prorateCents(STARTER, PROFESSIONAL, march, march.start)).toBe(3000);
  });

  it('charges one day of the difference on the last day, in whole cents', () => {
    // 3000 × 1/31 = 96.77… cents
    expect(prorateCents(STARTER, PROFESSIONAL, march, new Date(march.end.getTime() - DAY))).toBe(97);
  });

  it('charges nothing once the period is over', () => {
    expect(prorateCents(STARTER, PROFESSIONAL, march, march.end)).toBe(0);
    expect(prorateCents(STARTER, PROFESSIONAL, march, utc('2027-05-01T00:00:00'))).toBe(0);
  });

  it('credits a downgrade as the mirror image of the upgrade charge', () => {
    const at = utc('2027-03-11T07:30:00');
    const charge = prorateCents(STARTER, PROFESSIONAL, march, at);
    expect(prorateCents(PROFESSIONAL, STARTER, march, at)).toBe(-charge);
    expect(prorateCents(STARTER, 0, march, march.start)).toBe(-1900);
  });

  it('weighs a day by the length of its month: leap February, plain February, March', () => {
    const leapFebruary = { start: utc('2028-02-01T00:00:00'), end: utc('2028-03-01T00:00:00') };
    const plainFebruary = { start: utc('2027-02-01T00:00:00'), end: utc('2027-03-01T00:00:00') };
    const lastDay = (period: { end: Date }) => new Date(period.end.getTime() - DAY);
    expect(prorateCents(STARTER, PROFESSIONAL, leapFebruary, lastDay(leapFebruary))).toBe(103); // 3000/29
    expect(prorateCents(STARTER, PROFESSIONAL, plainFebruary, lastDay(plainFebruary))).toBe(107); // 3000/28
    // Leap day itself, half way through the last day of the leap month.
    expect(prorateCents(0, PROFESSIONAL, leapFebruary, utc('2028-02-29T12:00:00'))).toBe(84); // 4900 × 0.5/29
  });

  it('always answers an integer number of cents', () => {
    for (let hour = 0; hour < 24 * 31; hour += 7) {
      const at = new Date(march.start.getTime() + hour * 60 * 60 * 1000);
      expect(Number.isInteger(prorateCents(STARTER, PROFESSIONAL, march, at))).toBe(true);
    }
  });
});
