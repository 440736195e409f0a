/**
 * How the detail page lists a submission's data (spec section 2): the form's data fields in
 * their order, with their labels; booleans as Yes/No; empty values left out; keys the form no
 * longer has (a field deleted since) shown under the key itself, after the known fields.
 * Layout fields (spacer, new line) hold no data and are never listed. The words around values
 * (Yes/No, Year/Month/Day) are the reader's language; the values stay as they were entered.
 */
import type { FormField } from '@formscribe/common/fields';
import { isLayoutField } from '@formscribe/common/fields';
import type { Translator } from '@formscribe/common/i18n/translator';
import { currentTranslator } from '../../i18n/localeStore.ts';
import type { MessageKey } from '../../i18n/messageKeys.ts';

type Words = Translator<MessageKey>;

export interface SubmittedValueRow {
  key: string;
  label: string;
  text: string;
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  return false;
}

/** year|month|day with blanks, as the expanded date stores a partial date. */
function partialDateText(value: string, words: Words): string {
  const [year = '', month = '', day = ''] = value.split('|').map((part) => part.trim());
  const parts = [
    year && words.t('progress.detail.year', { year }),
    month && words.t('progress.detail.month', { month }),
    day && words.t('progress.detail.day', { day }),
  ].filter(Boolean);
  return parts.length ? words.list(parts, { type: 'unit', style: 'short' }) : '';
}

const withUnit = (text: string, field?: FormField) =>
  field?.type === 'number' && field.unit ? `${text} ${field.unit}` : text;

/** One value as text, or null when there is nothing to show. */
export function displayValue(value: unknown, field?: FormField, words: Words = currentTranslator()): string | null {
  if (isEmpty(value)) return null;
  const yesNo = (yes: boolean) => words.t(yes ? 'common.yes' : 'common.no');
  if (typeof value === 'boolean') return yesNo(value);
  if (field?.type === 'checkbox' && (value === 'true' || value === 'false')) return yesNo(value === 'true');
  if (typeof value === 'number') return withUnit(String(value), field);
  if (typeof value !== 'string') return JSON.stringify(value);
  if (field?.type === 'expandedDate' && value.includes('|')) return partialDateText(value, words) || null;
  return withUnit(value.trim(), field);
}

export function submittedValueRows(
  fields: readonly FormField[],
  data: Record<string, unknown>,
  words: Words = currentTranslator(),
): SubmittedValueRow[] {
  const knownIds = new Set(fields.map((field) => field.id));
  const rows: SubmittedValueRow[] = [];
  const ordered = [...fields].filter((field) => !isLayoutField(field.type)).sort((a, b) => a.order - b.order);
  for (const field of ordered) {
    const text = displayValue(Object.hasOwn(data, field.id) ? data[field.id] : undefined, field, words);
    if (text !== null) rows.push({ key: field.id, label: field.label || field.id, text });
  }
  for (const [key, value] of Object.entries(data)) {
    if (knownIds.has(key)) continue;
    const text = displayValue(value, undefined, words);
    if (text !== null) rows.push({ key, label: key, text });
  }
  return rows;
}
