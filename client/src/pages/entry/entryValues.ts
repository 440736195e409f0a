/**
 * What the entry form holds for one image, as plain rules: how values are prefilled, which
 * count as filled in, what is sent, and what is missing. Values are text, as the field renderer
 * works with them (a checkbox is 'true' or 'false'; an expandedDate as in expandedDateValue.ts).
 */
import { dataFields, type FormField } from '@formscribe/common/fields';
import { normaliseValue } from '@formscribe/common/fieldValues';
import type { FieldVerification } from '@formscribe/common/schemas/form';

export type EntryValues = Record<string, string>;
export type VerificationMap = Record<string, FieldVerification>;

/** The agreed value of a verified field, or undefined while the field is still open. */
export function verifiedValueOf(field: FormField, verification: VerificationMap): string | undefined {
  const status = verification[field.id];
  return status?.isVerified && status.verifiedValue !== null ? status.verifiedValue : undefined;
}

export function isVerifiedField(field: FormField, verification: VerificationMap): boolean {
  return verifiedValueOf(field, verification) !== undefined;
}

/** What a number input can display: the browser blanks anything else (`1,200` included). */
const NUMBER_INPUT_VALUE = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/**
 * A verified value as its field can show it: as written, unless a number input could not hold it.
 * Comma-decimal fields use a text input (FormFieldView), which holds '1.500,25' as written.
 */
function showable(field: FormField, verified: string): string {
  if (field.type === 'checkbox') return String(verified === 'true');
  if (field.type === 'number' && field.decimalSeparator !== 'comma' && !NUMBER_INPUT_VALUE.test(verified)) {
    return normaliseValue('number', verified);
  }
  return verified;
}

/** Spec section 4: the verified value, else the field's default, else empty (false for a checkbox). */
export function prefillValue(field: FormField, verification: VerificationMap): string {
  const verified = verifiedValueOf(field, verification);
  if (verified !== undefined) return showable(field, verified);
  if (field.type === 'checkbox') return field.defaultValue === 'true' ? 'true' : 'false';
  return field.defaultValue ?? '';
}

/** The starting values of every data field (spacers and line breaks hold none). */
export function prefillValues(fields: readonly FormField[], verification: VerificationMap): EntryValues {
  return Object.fromEntries(dataFields(fields).map((field) => [field.id, prefillValue(field, verification)]));
}

/** An unticked box and whitespace say nothing. */
export function isBlankValue(field: FormField, value: string | undefined): boolean {
  if (field.type === 'checkbox') return value !== 'true';
  return (value ?? '').trim() === '';
}

/** What a field shows: a verified field always shows the agreed value, whatever was typed before. */
export function displayedValue(field: FormField, values: EntryValues, verification: VerificationMap): string {
  return verifiedValueOf(field, verification) !== undefined
    ? prefillValue(field, verification)
    : (values[field.id] ?? prefillValue(field, verification));
}

/**
 * The fields the contributor has filled in: open (unverified) fields holding a value other than
 * the one they were prefilled with. A default left as it was is not something anyone entered.
 */
export function filledFieldIds(
  fields: readonly FormField[],
  values: EntryValues,
  verification: VerificationMap,
): string[] {
  return dataFields(fields)
    .filter((field) => !isVerifiedField(field, verification))
    .filter((field) => {
      const value = values[field.id];
      return !isBlankValue(field, value) && value !== prefillValue(field, verification);
    })
    .map((field) => field.id);
}

export function hasFilledValue(fields: readonly FormField[], values: EntryValues, verification: VerificationMap) {
  return filledFieldIds(fields, values, verification).length > 0;
}

/** Spec section 4: votes are offered only when nothing is filled in and the image is on screen. */
export function shouldOfferVotes(state: { filled: boolean; imageLoaded: boolean; locked: boolean }): boolean {
  return !state.filled && state.imageLoaded && !state.locked;
}

/** The submission's data: every data field by id, a checkbox as a boolean, verified fields as agreed. */
export function buildSubmissionData(
  fields: readonly FormField[],
  values: EntryValues,
  verification: VerificationMap,
): Record<string, string | boolean> {
  return Object.fromEntries(
    dataFields(fields).map((field) => {
      const value = displayedValue(field, values, verification);
      return [field.id, field.type === 'checkbox' ? value === 'true' : value.trim()];
    }),
  );
}

/**
 * Labels of required fields still empty (queue variant, spec section 5). A checkbox always holds
 * an answer (ticked or not), as the server counts it; verified fields are filled by definition.
 */
export function missingRequiredLabels(
  fields: readonly FormField[],
  values: EntryValues,
  verification: VerificationMap,
): string[] {
  return dataFields(fields)
    .filter((field) => field.required && field.type !== 'checkbox')
    .filter((field) => isBlankValue(field, displayedValue(field, values, verification)))
    .map((field) => field.label);
}
