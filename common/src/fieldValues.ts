/**
 * How entered values are compared: each field type has one canonical form, so "1.50" and "1.5"
 * or " Anna  Smith" and "Anna Smith" count as the same entry. Blank is a value of its own.
 * The canonical form is for comparing only: what is stored, shown and exported is a written
 * form, the text a contributor really entered (see `writtenForm`).
 */
import type { FieldType } from './fields.ts';
import { DEFAULT_DECIMAL_SEPARATOR, type DecimalSeparator, readNumber } from './numberText.ts';

export const BLANK = '';

const collapseSpaces = (text: string) => text.trim().replace(/\s+/g, ' ');
const pad2 = (part: string) => (/^\d$/.test(part) ? `0${part}` : part);

/** Turns any stored value into text the way the entry form would have sent it. */
export function valueToText(value: unknown): string {
  if (value === null || value === undefined) return BLANK;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function normaliseDate(text: string): string {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (iso) return `${iso[1]}-${pad2(iso[2] ?? '')}-${pad2(iso[3] ?? '')}`;
  return text;
}

/** expandedDate: full dates as YYYY-MM-DD, partial ones as year|month|day with padded parts. */
function normaliseExpandedDate(text: string): string {
  if (!text.includes('|')) return normaliseDate(text);
  const [year = '', month = '', day = ''] = text.split('|').map((p) => p.trim());
  if (!year && !month && !day) return BLANK;
  if (year && month && day) return normaliseDate(`${year}-${month}-${day}`);
  return `${year}|${pad2(month)}|${pad2(day)}`;
}

/** A number by its value under the field's separator; text that is not one compares as written. */
function normaliseNumber(text: string, separator: DecimalSeparator): string {
  const reading = readNumber(text, separator);
  return reading.ok ? String(reading.value) : text;
}

function normaliseCheckbox(value: unknown): string {
  return value === true || value === 'true' || value === 'on' ? 'true' : 'false';
}

/**
 * The canonical form of a value, for comparison only: never stored or shown in place of an entry.
 * A number field's decimal separator decides how its text reads ('1,5' is 1.5 only with comma decimals).
 */
export function normaliseValue(
  type: FieldType,
  value: unknown,
  decimalSeparator: DecimalSeparator = DEFAULT_DECIMAL_SEPARATOR,
): string {
  if (type === 'checkbox') return normaliseCheckbox(value);
  // A JSON number (API clients) is its value already: its text must not be re-read as '1.234' would be with comma decimals.
  if (type === 'number' && typeof value === 'number' && Number.isFinite(value)) return String(value === 0 ? 0 : value);
  const text = collapseSpaces(valueToText(value));
  if (!text) return BLANK;
  switch (type) {
    case 'number':
      return normaliseNumber(text, decimalSeparator);
    case 'email':
      return text.toLowerCase();
    case 'date':
      return normaliseDate(text);
    case 'expandedDate':
      return normaliseExpandedDate(text);
    default:
      return text;
  }
}

/**
 * A value as its contributor wrote it: only the whitespace around it goes (the server trims
 * entries already), so leading zeros, separators, inner line breaks, accents and case stay.
 * A checkbox has no spelling: it is 'true' or 'false'.
 */
export function writtenForm(type: FieldType, value: unknown): string {
  if (type === 'checkbox') return normaliseCheckbox(value);
  // A value that compares as blank says nothing, whatever was typed ('||' for a date).
  if (normaliseValue(type, value) === BLANK) return BLANK;
  return valueToText(value).trim();
}
