/**
 * The edit dialog's working state and how it becomes a field again. The result is checked
 * with common's `fieldSchema`, the very rule the server applies, so the dialog refuses
 * exactly what an autosave would be refused for.
 */
import {
  type FieldType,
  type FormField,
  fieldSchema,
  hasOptions,
  isLayoutField,
  MAX_NEW_LINE_HEIGHT,
  MAX_SPACER_PIXELS,
} from '@formscribe/common/fields';
import { DEFAULT_DECIMAL_SEPARATOR, type DecimalSeparator } from '@formscribe/common/numberText';
import { currentTranslator } from '../../../i18n/localeStore.ts';
import { translateServerMessage } from '../../../i18n/serverMessages.ts';
import { offeredRules, type RuleInputs, ruleInputsOf, rulesFromInputs } from './fieldRulesForm.ts';

export interface FieldEditState {
  label: string;
  placeholder: string;
  defaultValue: string;
  required: boolean;
  options: string[];
  unit: string;
  decimalSeparator: DecimalSeparator;
  /** Number inputs hold text until saved, so a half-typed value is never lost or coerced. */
  spacingPixels: string;
  lineHeight: string;
  /** Shown beside the field to contributors. */
  help: string;
  /** The export column; blank lets the server make one from the label. */
  name: string;
  allowOther: boolean;
  rules: RuleInputs;
}

export type FieldEditErrors = Partial<Record<keyof FieldEditState, string>>;

/** Which properties the dialog offers for each type. */
export function editableProperties(type: FieldType) {
  const data = !isLayoutField(type);
  return {
    label: data,
    placeholder: ['text', 'number', 'email', 'textarea', 'select'].includes(type),
    defaultValue: data,
    required: data,
    options: hasOptions(type),
    unit: type === 'number',
    decimalSeparator: type === 'number',
    spacingPixels: type === 'spacer',
    lineHeight: type === 'newLine',
    help: data,
    name: data,
    allowOther: hasOptions(type),
    rules: offeredRules(type).length > 0,
  };
}

export function fieldToEditState(field: FormField): FieldEditState {
  return {
    label: field.label,
    placeholder: field.placeholder ?? '',
    defaultValue: field.type === 'checkbox' ? (field.defaultValue ?? 'false') : (field.defaultValue ?? ''),
    required: field.required,
    options: field.options?.length ? [...field.options] : ['Option 1'],
    unit: field.unit ?? '',
    decimalSeparator: field.decimalSeparator ?? DEFAULT_DECIMAL_SEPARATOR,
    spacingPixels: String(field.spacingPixels ?? ''),
    lineHeight: String(field.lineHeight ?? ''),
    help: field.help ?? '',
    name: field.name ?? '',
    allowOther: field.allowOther ?? false,
    rules: ruleInputsOf(field.rules),
  };
}

/** A new option is called 'Option n', n one past the list, skipping names already used. */
export function nextOptionName(options: readonly string[]): string {
  const used = new Set(options.map((option) => option.trim()));
  let n = options.length + 1;
  while (used.has(`Option ${n}`)) n += 1;
  return `Option ${n}`;
}

/** Blank options are dropped; a list left empty starts over with 'Option 1'. */
export function cleanOptions(options: readonly string[]): string[] {
  const kept = options.map((option) => option.trim()).filter(Boolean);
  return kept.length ? kept : ['Option 1'];
}

const blankToUndefined = (text: string) => (text.trim() ? text : undefined);

function wholeNumber(text: string, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= max ? value : null;
}

/** The problems beside the inputs, in the reader's language at the moment the save is refused. */
export const spacingError = () => currentTranslator().t('owner.edit.spacingError', { max: MAX_SPACER_PIXELS });
export const lineHeightError = () => currentTranslator().t('owner.edit.lineHeightError', { max: MAX_NEW_LINE_HEIGHT });

/** The edited field, or the problems to show beside the inputs. */
export function editStateToField(
  field: FormField,
  state: FieldEditState,
): { field: FormField; errors?: undefined } | { field?: undefined; errors: FieldEditErrors } {
  const offered = editableProperties(field.type);
  const errors: FieldEditErrors = {};
  const options = offered.options ? cleanOptions(state.options) : undefined;

  let defaultValue = offered.defaultValue ? blankToUndefined(state.defaultValue) : undefined;
  // A default the options no longer offer would be a value nobody can pick.
  if (options && defaultValue !== undefined && !options.includes(defaultValue)) defaultValue = undefined;

  let spacingPixels: number | undefined;
  if (offered.spacingPixels) {
    spacingPixels = wholeNumber(state.spacingPixels, MAX_SPACER_PIXELS) ?? undefined;
    if (spacingPixels === undefined) errors.spacingPixels = spacingError();
  }
  let lineHeight: number | undefined;
  if (offered.lineHeight) {
    lineHeight = wholeNumber(state.lineHeight, MAX_NEW_LINE_HEIGHT) ?? undefined;
    if (lineHeight === undefined) errors.lineHeight = lineHeightError();
  }

  const ruled = offered.rules ? rulesFromInputs(field.type, state.rules) : { rules: undefined };
  if (ruled.problem) errors.rules = ruled.problem;

  const parsed = fieldSchema.safeParse({
    id: field.id,
    type: field.type,
    order: field.order,
    label: offered.label ? state.label : field.label,
    placeholder: offered.placeholder ? blankToUndefined(state.placeholder) : undefined,
    defaultValue,
    required: offered.required ? state.required : false,
    options,
    unit: offered.unit ? blankToUndefined(state.unit) : undefined,
    // The default stays unwritten, so fields saved before the setting existed are unchanged.
    decimalSeparator: offered.decimalSeparator && state.decimalSeparator === 'comma' ? 'comma' : undefined,
    spacingPixels,
    lineHeight,
    // The box is drawn in the regions editor, not here: an edit keeps it.
    region: field.region,
    help: offered.help ? blankToUndefined(state.help.trim()) : undefined,
    name: offered.name ? blankToUndefined(state.name.trim()) : undefined,
    allowOther: offered.allowOther ? state.allowOther : undefined,
    rules: ruled.rules,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (typeof key === 'string' && key in state && !errors[key as keyof FieldEditState]) {
        // The schema's messages are common's English ones, shared with the server.
        errors[key as keyof FieldEditState] = translateServerMessage(issue.message);
      }
    }
    if (Object.keys(errors).length === 0) {
      const first = parsed.error.issues[0]?.message;
      errors.label = first ? translateServerMessage(first) : currentTranslator().t('owner.edit.invalidField');
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { field: parsed.data };
}
