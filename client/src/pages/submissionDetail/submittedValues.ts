/**
 * How the detail page lists a submission's data (spec section 2): the form's data fields in
 * their order, with their labels; booleans as Yes/No; empty values left out; keys the form no
 * longer has (a field deleted since) shown under the key itself, after the known fields.
 * Layout fields (spacer, new line) hold no data and are never listed.
 */
import type { FormField } from '@formscribe/common/fields';
import { isLayoutField } from '@formscribe/common/fields';

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
function partialDateText(value: string): string {
  const [year = '', month = '', day = ''] = value.split('|').map((part) => part.trim());
  return [year && `Year ${year}`, month && `Month ${month}`, day && `Day ${day}`].filter(Boolean).join(', ');
}

const withUnit = (text: string, field?: FormField) =>
  field?.type === 'number' && field.unit ? `${text} ${field.unit}` : text;

/** One value as text, or null when there is nothing to show. */
export function displayValue(value: unknown, field?: FormField): string | null {
  if (isEmpty(value)) return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field?.type === 'checkbox' && (value === 'true' || value === 'false')) return value === 'true' ? 'Yes' : 'No';
  if (typeof value === 'number') return withUnit(String(value), field);
  if (typeof value !== 'string') return JSON.stringify(value);
  if (field?.type === 'expandedDate' && value.includes('|')) return partialDateText(value) || null;
  return withUnit(value.trim(), field);
}

export function submittedValueRows(fields: readonly FormField[], data: Record<string, unknown>): SubmittedValueRow[] {
  const knownIds = new Set(fields.map((field) => field.id));
  const rows: SubmittedValueRow[] = [];
  const ordered = [...fields].filter((field) => !isLayoutField(field.type)).sort((a, b) => a.order - b.order);
  for (const field of ordered) {
    const text = displayValue(Object.hasOwn(data, field.id) ? data[field.id] : undefined, field);
    if (text !== null) rows.push({ key: field.id, label: field.label || field.id, text });
  }
  for (const [key, value] of Object.entries(data)) {
    if (knownIds.has(key)) continue;
    const text = displayValue(value);
    if (text !== null) rows.push({ key, label: key, text });
  }
  return rows;
}
