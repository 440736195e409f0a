import { describe, expect, it } from 'vitest';
import { formatExpandedDate, parseExpandedDate, selectableYears } from './expandedDateValue.ts';

describe('expandedDate values', () => {
  it.each([
    ['1984-07-03', { year: '1984', month: '07', day: '03' }],
    ['1984-7-3', { year: '1984', month: '07', day: '03' }],
    ['1984||', { year: '1984', month: '', day: '' }],
    ['|7|', { year: '', month: '07', day: '' }],
    ['', { year: '', month: '', day: '' }],
    ['rubbish', { year: '', month: '', day: '' }],
  ])('reads %j', (value, parts) => {
    expect(parseExpandedDate(value)).toEqual(parts);
  });

  it('writes a full date, a partial one, and nothing', () => {
    expect(formatExpandedDate({ year: '1984', month: '07', day: '03' })).toBe('1984-07-03');
    expect(formatExpandedDate({ year: '1984', month: '', day: '03' })).toBe('1984||03');
    expect(formatExpandedDate({ year: '', month: '', day: '' })).toBe('');
  });

  it('lists the last 100 years, newest first', () => {
    const years = selectableYears(new Date(2025, 5, 1));
    expect(years).toHaveLength(100);
    expect(years[0]).toBe('2025');
    expect(years.at(-1)).toBe('1926');
  });
});
