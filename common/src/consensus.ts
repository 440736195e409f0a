/**
 * Verification by agreement: for one image, entries × fields × threshold → per-field
 * `{isVerified, verifiedValue}`. A field is verified when at least `threshold` entries hold the
 * same value after normalisation (agreeing on blank counts too). Layout fields never count.
 * The verified value is the agreeing entries' own text, never the normalised comparison form.
 * An entry may mark values "as written on the page" (they break a rule, and the paper says so):
 * when at least `threshold` of the agreeing entries marked the field, the verification carries
 * `asWritten`, so the owner sees the value is outside the rules on purpose. The marks never change
 * which value is agreed: values are compared as always.
 * Pure and deterministic: the server stores its result on the image row.
 */
import { dataFields, type FieldType } from './fields.ts';
import { normaliseValue, writtenForm } from './fieldValues.ts';
import type { DecimalSeparator } from './numberText.ts';
import type { FieldVerification } from './schemas/form.ts';

export interface ConsensusField {
  id: string;
  type: FieldType;
  order: number;
  /** Number fields: how their text reads ('1,5' is 1.5 only with comma decimals). */
  decimalSeparator?: DecimalSeparator;
}

/** One submission's data: field id → value as entered. Oldest first. */
export type ConsensusEntry = Record<string, unknown>;

/** Each entry's "as written on the page" field ids, by the entry's position in the list given. */
export type ConsensusMarks = readonly (readonly string[] | undefined)[];

export interface ImageConsensus {
  entryCount: number;
  totalFieldCount: number;
  verifiedFieldCount: number;
  fieldStatus: Record<string, FieldVerification>;
}

/** One way a value was written, and the entries (positions in the list given, oldest first) that wrote it so. */
export interface WrittenVariant {
  value: string;
  entries: number[];
}

/** Entries whose values compare equal, and every written form among them in order of first use. */
export interface ValueGroup {
  comparisonForm: string;
  entries: number[];
  writtenForms: WrittenVariant[];
}

/** Groups one field's values (oldest first) by comparison form, in order of first use. */
export function groupEnteredValues(
  type: FieldType,
  values: readonly unknown[],
  decimalSeparator?: DecimalSeparator,
): ValueGroup[] {
  const groups = new Map<string, ValueGroup>();
  values.forEach((value, index) => {
    const comparisonForm = normaliseValue(type, value, decimalSeparator);
    const group = groups.get(comparisonForm) ?? { comparisonForm, entries: [], writtenForms: [] };
    groups.set(comparisonForm, group);
    group.entries.push(index);
    const text = writtenForm(type, value);
    const written = group.writtenForms.find((form) => form.value === text);
    if (written) written.entries.push(index);
    else group.writtenForms.push({ value: text, entries: [index] });
  });
  return [...groups.values()];
}

/** The item most entries share; on equal counts the first one (items come in order of first use). */
export function mostEntered<T extends { entries: readonly number[] }>(items: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const item of items) if (!best || item.entries.length > best.entries.length) best = item;
  return best;
}

/** What an agreement on this group stores: the written form most of its entries used, ties to the earliest. */
export function preferredWrittenForm(group: ValueGroup): string {
  return mostEntered(group.writtenForms)?.value ?? group.comparisonForm;
}

/**
 * The agreed value of one field, if any. Entries are compared on their comparison form: the most
 * entries win, a tie goes to the value entered first. The value kept is one a contributor really
 * wrote, so an export never shows `12000.5` where everyone typed `0012,000.50`.
 */
function agreeOn(
  field: ConsensusField,
  values: readonly unknown[],
  threshold: number,
  marks: ConsensusMarks,
): FieldVerification {
  const best = mostEntered(groupEnteredValues(field.type, values, field.decimalSeparator));
  if (!best || best.entries.length < threshold) return { isVerified: false, verifiedValue: null };
  const marked = best.entries.filter((index) => marks[index]?.includes(field.id)).length;
  const verification = { isVerified: true, verifiedValue: preferredWrittenForm(best) };
  return marked >= threshold ? { ...verification, asWritten: true } : verification;
}

export function computeConsensus(
  fields: readonly ConsensusField[],
  entries: readonly ConsensusEntry[],
  threshold: number,
  marks: ConsensusMarks = [],
): ImageConsensus {
  const counted = dataFields(fields);
  const fieldStatus: Record<string, FieldVerification> = {};
  for (const field of counted) {
    fieldStatus[field.id] = agreeOn(
      field,
      entries.map((entry) => entry[field.id]),
      Math.max(1, threshold),
      marks,
    );
  }
  return {
    entryCount: entries.length,
    totalFieldCount: counted.length,
    verifiedFieldCount: Object.values(fieldStatus).filter((s) => s.isVerified).length,
    fieldStatus,
  };
}
