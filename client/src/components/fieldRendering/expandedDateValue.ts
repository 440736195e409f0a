/**
 * expandedDate values (spec section 3): a full date as YYYY-MM-DD, a partial one as
 * year|month|day (missing parts empty), nothing at all as the empty string.
 */
export interface DateParts {
  year: string;
  month: string;
  day: string;
}

export const YEARS_LISTED = 100;

const EMPTY: DateParts = { year: '', month: '', day: '' };
const pad2 = (part: string) => (/^\d$/.test(part) ? `0${part}` : part);

export function parseExpandedDate(value: string): DateParts {
  if (value.includes('|')) {
    const [year = '', month = '', day = ''] = value.split('|').map((part) => part.trim());
    return { year, month: pad2(month), day: pad2(day) };
  }
  const full = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value.trim());
  if (!full) return EMPTY;
  return { year: full[1] ?? '', month: pad2(full[2] ?? ''), day: pad2(full[3] ?? '') };
}

export function formatExpandedDate({ year, month, day }: DateParts): string {
  if (!year && !month && !day) return '';
  if (year && month && day) return `${year}-${month}-${day}`;
  return `${year}|${month}|${day}`;
}

/** The year selector's choices: this year and the 99 before it, newest first (spec section 9). */
export function selectableYears(now = new Date()): string[] {
  const thisYear = now.getFullYear();
  return Array.from({ length: YEARS_LISTED }, (_, i) => String(thisYear - i));
}
