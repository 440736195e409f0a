/**
 * Rules an owner puts on a field, checked from this one definition on both sides: the entry page
 * as the contributor types, the server when the entry arrives. A value that breaks a rule is
 * refused with the field's message, unless the contributor marks it "as written on the page" (the
 * paper itself holds the impossible value); that mark then needs agreement like any value.
 *
 * Which rules a field may carry depends on its type: numbers take min/max/integer, text takes
 * lengths and a pattern, dates take earliest/latest/noFuture.
 */
import { z } from 'zod';
import type { FieldType } from './fieldTypes.ts';
import { DEFAULT_DECIMAL_SEPARATOR, type DecimalSeparator, readNumber } from './numberText.ts';

export const MAX_PATTERN_LENGTH = 500;
export const MAX_RULE_MESSAGE_LENGTH = 300;
const MAX_RULE_LENGTH = 10_000;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isoDateSchema = z.string().regex(ISO_DATE, 'Dates in rules are written YYYY-MM-DD');

/** A pattern must compile the way both sides run it (`u` flag, whole value). */
export function patternCompiles(pattern: string): boolean {
  try {
    new RegExp(`^(?:${pattern})$`, 'u');
    return true;
  } catch {
    return false;
  }
}

export const fieldRulesSchema = z
  .object({
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
    integer: z.boolean().optional(),
    minLength: z.number().int().min(0).max(MAX_RULE_LENGTH).optional(),
    maxLength: z.number().int().min(1).max(MAX_RULE_LENGTH).optional(),
    pattern: z
      .string()
      .max(MAX_PATTERN_LENGTH)
      .refine((p) => p === '' || patternCompiles(p), 'The pattern is not a valid regular expression')
      .optional(),
    patternMessage: z.string().trim().max(MAX_RULE_MESSAGE_LENGTH).optional(),
    earliest: isoDateSchema.optional(),
    latest: isoDateSchema.optional(),
    noFuture: z.boolean().optional(),
  })
  .strict();

export type FieldRules = z.infer<typeof fieldRulesSchema>;
export type FieldRuleName = keyof FieldRules;

const NUMBER_RULES: readonly FieldRuleName[] = ['min', 'max', 'integer'];
const TEXT_RULES: readonly FieldRuleName[] = ['minLength', 'maxLength', 'pattern', 'patternMessage'];
const DATE_RULES: readonly FieldRuleName[] = ['earliest', 'latest', 'noFuture'];

/** The rules each field type may carry; other types carry none. */
export const RULES_BY_TYPE: Partial<Record<FieldType, readonly FieldRuleName[]>> = {
  number: NUMBER_RULES,
  text: TEXT_RULES,
  textarea: TEXT_RULES,
  email: ['minLength', 'maxLength'],
  date: DATE_RULES,
  expandedDate: DATE_RULES,
};

/** Why a field's rules do not fit it (a rule of another type, min above max), or undefined. */
export function rulesProblem(type: FieldType, rules: FieldRules): string | undefined {
  const allowed = RULES_BY_TYPE[type] ?? [];
  const foreign = (Object.keys(rules) as FieldRuleName[]).find(
    (name) => rules[name] !== undefined && !allowed.includes(name),
  );
  if (foreign) return `A ${type} field cannot have the rule ${foreign}`;
  if (rules.min !== undefined && rules.max !== undefined && rules.min > rules.max) return 'Minimum is above maximum';
  if (rules.minLength !== undefined && rules.maxLength !== undefined && rules.minLength > rules.maxLength) {
    return 'Minimum length is above maximum length';
  }
  if (rules.earliest && rules.latest && rules.earliest > rules.latest) return 'Earliest date is after latest date';
  return undefined;
}

/** Rules with nothing set are no rules: the builder's empty inputs are dropped before saving. */
export function tidyRules(rules: FieldRules | undefined): FieldRules | undefined {
  if (!rules) return undefined;
  const kept = Object.fromEntries(Object.entries(rules).filter(([, v]) => v !== undefined && v !== '' && v !== false));
  return Object.keys(kept).length ? (kept as FieldRules) : undefined;
}

/**
 * Patterns the builder offers by name. They fill `pattern` and `patternMessage`; what is stored is
 * the pattern itself, so changing a preset here never changes a saved form.
 */
export const PATTERN_PRESETS = {
  ukPostcode: {
    label: 'UK postcode',
    pattern: '[A-Za-z]{1,2}[0-9][A-Za-z0-9]? ?[0-9][A-Za-z]{2}',
    message: 'Write a UK postcode, such as SW1A 1AA',
  },
  usZip: { label: 'US ZIP code', pattern: '[0-9]{5}(-[0-9]{4})?', message: 'Write a ZIP code: 5 digits, or 5+4' },
  phone: {
    label: 'Phone number',
    pattern: '\\+?[0-9][0-9 ()./-]{5,20}[0-9]',
    message: 'Write a phone number: digits, spaces and an optional leading +',
  },
  idNumber: {
    label: 'ID number (letters and digits)',
    pattern: '[A-Za-z0-9-]{4,20}',
    message: 'Write the ID as letters, digits and hyphens only (4 to 20)',
  },
} as const;
export type PatternPreset = keyof typeof PATTERN_PRESETS;

/** What a rule check needs of a field. */
export interface RuledField {
  id: string;
  type: FieldType;
  label: string;
  rules?: FieldRules;
  decimalSeparator?: DecimalSeparator;
}

/** Today as YYYY-MM-DD in UTC: the day a "no future dates" rule compares with. */
export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * A JSON number is its own value: printed as text it would read wrongly under comma decimals
 * (1.5 → '1.5', where a point groups thousands), and slip past the rules.
 */
function numberRuleProblem(
  field: RuledField,
  rules: FieldRules,
  value: string | number,
  label: string,
): string | undefined {
  const reading =
    typeof value === 'number'
      ? { ok: true as const, value }
      : readNumber(value.trim(), field.decimalSeparator ?? DEFAULT_DECIMAL_SEPARATOR);
  if (!reading.ok) return undefined; // the type check names this problem
  if (rules.integer && !Number.isInteger(reading.value)) return `${label} must be a whole number`;
  if (rules.min !== undefined && reading.value < rules.min) return `${label} must be at least ${rules.min}`;
  if (rules.max !== undefined && reading.value > rules.max) return `${label} must be at most ${rules.max}`;
  return undefined;
}

function textRuleProblem(rules: FieldRules, text: string, label: string): string | undefined {
  const length = [...text].length;
  if (rules.minLength !== undefined && length < rules.minLength) {
    return `${label} must be at least ${rules.minLength} characters`;
  }
  if (rules.maxLength !== undefined && length > rules.maxLength) {
    return `${label} must be at most ${rules.maxLength} characters`;
  }
  if (rules.pattern && patternCompiles(rules.pattern) && !new RegExp(`^(?:${rules.pattern})$`, 'u').test(text)) {
    return rules.patternMessage || `${label} is not in the expected format`;
  }
  return undefined;
}

/**
 * A date's comparable form: YYYY-MM-DD for a full date; for a partial date (year|month|day) the
 * earliest and latest days it may mean, so a rule is broken only when every reading breaks it.
 */
function dateSpan(text: string): { from: string; to: string } | undefined {
  if (ISO_DATE.test(text)) return { from: text, to: text };
  const [year = '', month = '', day = ''] = text.split('|');
  if (!/^\d{4}$/.test(year)) return undefined;
  const mm = month ? month.padStart(2, '0') : undefined;
  const dd = day ? day.padStart(2, '0') : undefined;
  return { from: `${year}-${mm ?? '01'}-${dd ?? '01'}`, to: `${year}-${mm ?? '12'}-${dd ?? '31'}` };
}

function dateRuleProblem(rules: FieldRules, text: string, label: string, today: string): string | undefined {
  const span = dateSpan(text);
  if (!span) return undefined;
  if (rules.earliest && span.to < rules.earliest) return `${label} must be on or after ${rules.earliest}`;
  if (rules.latest && span.from > rules.latest) return `${label} must be on or before ${rules.latest}`;
  if (rules.noFuture && span.from > today) return `${label} cannot be in the future`;
  return undefined;
}

/**
 * The rule a value breaks, as the message the contributor reads, or undefined. `text` is the
 * value as entered; blank values break no rule (`required` says whether blank is allowed).
 * Values of the wrong kind are the type check's business (submissionData.ts), not this one's.
 */
export function ruleProblem(field: RuledField, value: unknown, today: string = todayIso()): string | undefined {
  const rules = field.rules;
  if (!rules) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  if (!text) return undefined;
  const label = field.label || field.id;
  if (field.type === 'number') return numberRuleProblem(field, rules, value, label);
  if (field.type === 'date' || field.type === 'expandedDate') return dateRuleProblem(rules, text, label, today);
  if (RULES_BY_TYPE[field.type]?.includes('pattern') || field.type === 'email')
    return textRuleProblem(rules, text, label);
  return undefined;
}

/** Rule names in the order the builder and the codebook show them. */
export const RULE_NAMES: readonly FieldRuleName[] = [...NUMBER_RULES, ...TEXT_RULES, ...DATE_RULES];
