/**
 * The edit dialog's rule inputs, as typed, and how they become a field's `rules`. Only the rules
 * common's `RULES_BY_TYPE` gives the field's type are read, so switching nothing else can leak a
 * rule of another type into the save; the result is checked with common's `rulesProblem`, the
 * same check the server makes, so the owner sees a rule set that does not fit before saving.
 */
import {
  type FieldRuleName,
  type FieldRules,
  PATTERN_PRESETS,
  type PatternPreset,
  patternCompiles,
  RULES_BY_TYPE,
  rulesProblem,
  tidyRules,
} from '@formscribe/common/fieldRules';
import type { FieldType } from '@formscribe/common/fields';
import { currentTranslator } from '../../../i18n/localeStore.ts';
import type { MessageKey } from '../../../i18n/messageKeys.ts';
import { translateServerMessage } from '../../../i18n/serverMessages.ts';

/** Number and date inputs hold text until saved, so a half-typed value is never lost or coerced. */
export interface RuleInputs {
  min: string;
  max: string;
  integer: boolean;
  minLength: string;
  maxLength: string;
  pattern: string;
  patternMessage: string;
  earliest: string;
  latest: string;
  noFuture: boolean;
}

const text = (value: number | string | undefined) => (value === undefined ? '' : String(value));

export function ruleInputsOf(rules: FieldRules | undefined): RuleInputs {
  return {
    min: text(rules?.min),
    max: text(rules?.max),
    integer: rules?.integer ?? false,
    minLength: text(rules?.minLength),
    maxLength: text(rules?.maxLength),
    pattern: rules?.pattern ?? '',
    patternMessage: rules?.patternMessage ?? '',
    earliest: rules?.earliest ?? '',
    latest: rules?.latest ?? '',
    noFuture: rules?.noFuture ?? false,
  };
}

export const offeredRules = (type: FieldType): readonly FieldRuleName[] => RULES_BY_TYPE[type] ?? [];

/** What the owner reads when a rule's value cannot be read, one sentence per rule (word order differs by language). */
const UNREADABLE_RULE: Record<'min' | 'max' | 'minLength' | 'maxLength', MessageKey> = {
  min: 'owner.rules.minNotNumber',
  max: 'owner.rules.maxNotNumber',
  minLength: 'owner.rules.minLengthNotWhole',
  maxLength: 'owner.rules.maxLengthNotWhole',
};

/** Problems are worded when found, so they are in the language in use at that moment. */
const say = (key: MessageKey) => currentTranslator().t(key);

function readNumber(name: 'min' | 'max', typed: string): number | undefined | string {
  const trimmed = typed.trim();
  if (!trimmed) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : say(UNREADABLE_RULE[name]);
}

function readLength(name: 'minLength' | 'maxLength', typed: string): number | undefined | string {
  const trimmed = typed.trim();
  if (!trimmed) return undefined;
  const lowest = name === 'maxLength' ? 1 : 0;
  const value = Number(trimmed);
  return /^\d+$/.test(trimmed) && value >= lowest ? value : say(UNREADABLE_RULE[name]);
}

/**
 * The rules the inputs describe for a field of `type` (undefined when none is set), or the first
 * reason they cannot be saved, in the words the owner reads under the Rules section.
 */
export function rulesFromInputs(
  type: FieldType,
  inputs: RuleInputs,
): { rules: FieldRules | undefined; problem?: undefined } | { rules?: undefined; problem: string } {
  const offered = new Set(offeredRules(type));
  const rules: FieldRules = {};
  for (const name of ['min', 'max'] as const) {
    if (!offered.has(name)) continue;
    const read = readNumber(name, inputs[name]);
    if (typeof read === 'string') return { problem: read };
    rules[name] = read;
  }
  for (const name of ['minLength', 'maxLength'] as const) {
    if (!offered.has(name)) continue;
    const read = readLength(name, inputs[name]);
    if (typeof read === 'string') return { problem: read };
    rules[name] = read;
  }
  if (offered.has('integer')) rules.integer = inputs.integer || undefined;
  if (offered.has('noFuture')) rules.noFuture = inputs.noFuture || undefined;
  if (offered.has('pattern')) {
    const pattern = inputs.pattern.trim();
    if (pattern && !patternCompiles(pattern)) return { problem: say('owner.rules.badPattern') };
    rules.pattern = pattern || undefined;
    rules.patternMessage = pattern ? inputs.patternMessage.trim() || undefined : undefined;
  }
  if (offered.has('earliest')) rules.earliest = inputs.earliest || undefined;
  if (offered.has('latest')) rules.latest = inputs.latest || undefined;
  const tidy = tidyRules(rules);
  // common's check words its problems in English, as the server does.
  const problem = tidy ? rulesProblem(type, tidy) : undefined;
  return problem ? { problem: translateServerMessage(problem) } : { rules: tidy };
}

const isPreset = (name: string): name is PatternPreset => name in PATTERN_PRESETS;

/** The presets in the order the picker lists them. */
export const PRESET_NAMES: readonly PatternPreset[] = Object.keys(PATTERN_PRESETS).filter(isPreset);

/** The preset whose pattern the inputs hold, so the picker shows what was chosen; '' for none. */
export function presetOf(pattern: string): PatternPreset | '' {
  return PRESET_NAMES.find((name) => PATTERN_PRESETS[name].pattern === pattern.trim()) ?? '';
}

/** Choosing a preset fills the pattern and its message; the owner may still edit both. */
export function withPreset(inputs: RuleInputs, preset: PatternPreset): RuleInputs {
  const chosen = PATTERN_PRESETS[preset];
  return { ...inputs, pattern: chosen.pattern, patternMessage: chosen.message };
}
