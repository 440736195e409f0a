/**
 * Checks a submission's data against the form's fields: only known data-field ids, values of
 * the right kind for each type, numbers readable under their field's decimal separator (the
 * same reading comparison uses), options from the list, real dates, required fields filled.
 * The server refuses anything else with the first problem as its message.
 */

import { ruleProblem, todayIso } from './fieldRules.ts';
import { dataFields, type FormField } from './fields.ts';
import { valueToText } from './fieldValues.ts';
import { DEFAULT_DECIMAL_SEPARATOR, numberTextProblem } from './numberText.ts';

export const MAX_VALUE_LENGTH = 10_000;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function checkIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return Boolean(match && isRealDate(Number(match[1]), Number(match[2]), Number(match[3])));
}

/** year|month|day with any part blank; known parts must be in range. */
function checkPartialDate(text: string): boolean {
  const parts = text.split('|');
  if (parts.length !== 3) return false;
  const [year = '', month = '', day = ''] = parts;
  if (year && !/^\d{4}$/.test(year)) return false;
  if (month && !(/^\d{1,2}$/.test(month) && Number(month) >= 1 && Number(month) <= 12)) return false;
  if (day && !(/^\d{1,2}$/.test(day) && Number(day) >= 1 && Number(day) <= 31)) return false;
  if (year && month && day) return isRealDate(Number(year), Number(month), Number(day));
  return true;
}

/** A JSON number needs no reading; text is read exactly the way comparison reads it. */
function numberProblem(field: FormField, label: string, value: string | number, text: string): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${label} must be a number`;
  return numberTextProblem(label, text, field.decimalSeparator ?? DEFAULT_DECIMAL_SEPARATOR);
}

/** A choice from the list, or any text when the owner allows "other". */
function optionProblem(field: FormField, text: string, label: string): string | undefined {
  return field.allowOther || field.options?.includes(text) ? undefined : `${label} must be one of its options`;
}

const isBlank = (value: unknown) => valueToText(value).trim() === '';

/** The problem with one value, or undefined when it is acceptable. Blank is always acceptable here. */
function valueProblem(field: FormField, value: unknown): string | undefined {
  const label = field.label || field.id;
  if (field.type === 'checkbox') {
    return typeof value === 'boolean' || value === 'true' || value === 'false' || value === undefined
      ? undefined
      : `${label} must be ticked or not`;
  }
  if (typeof value !== 'string' && typeof value !== 'number') return `${label} has a value of the wrong kind`;
  const text = String(value).trim();
  if (text.length > MAX_VALUE_LENGTH) return `${label} is too long`;
  if (!text) return undefined;
  // A switch, not a table of closures: this runs for every field of every submission.
  switch (field.type) {
    case 'number':
      return numberProblem(field, label, value, text);
    case 'email':
      return EMAIL_PATTERN.test(text) ? undefined : `${label} must be an e-mail address`;
    case 'date':
      return checkIsoDate(text) ? undefined : `${label} must be a date (YYYY-MM-DD)`;
    case 'expandedDate':
      return checkIsoDate(text) || checkPartialDate(text) ? undefined : `${label} must be a date or a partial date`;
    case 'select':
    case 'radio':
      return optionProblem(field, text, label);
    default:
      return undefined;
  }
}

export type SubmissionCheck =
  | { ok: true; data: Record<string, unknown>; asWritten: string[] }
  | { ok: false; message: string; fieldId?: string };

/**
 * Validates and tidies (trims text) a submission's data for the given fields. A value that breaks
 * its field's rules (fieldRules.ts) is refused unless its field id is in `asWritten`: the
 * contributor says the page itself holds it. Only marks on fields whose value breaks a rule are
 * kept, so the owner's flag always means "this really is outside the rules".
 */
export function checkSubmissionData(
  fields: readonly FormField[],
  data: Record<string, unknown>,
  asWritten: readonly string[] = [],
  today: string = todayIso(),
): SubmissionCheck {
  const byId = new Map(dataFields(fields).map((field) => [field.id, field]));
  const unknown = [...Object.keys(data), ...asWritten].find((key) => !byId.has(key));
  if (unknown !== undefined) return { ok: false, message: `Unknown field: ${unknown}`, fieldId: unknown };
  const tidy: Record<string, unknown> = {};
  const keptMarks: string[] = [];
  for (const field of byId.values()) {
    const value = data[field.id];
    const problem = value === undefined || value === null ? undefined : valueProblem(field, value);
    if (problem) return { ok: false, message: problem, fieldId: field.id };
    const broken = value === undefined || value === null ? undefined : ruleProblem(field, value, today);
    if (broken && !asWritten.includes(field.id)) return { ok: false, message: broken, fieldId: field.id };
    if (broken) keptMarks.push(field.id);
    if (field.required && (field.type === 'checkbox' ? value === undefined : isBlank(value))) {
      return { ok: false, message: `${field.label} is required`, fieldId: field.id };
    }
    if (value === undefined || value === null) continue;
    tidy[field.id] = typeof value === 'string' ? value.trim() : value;
  }
  return { ok: true, data: tidy, asWritten: keptMarks };
}
