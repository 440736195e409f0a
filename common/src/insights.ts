/**
 * The Insights tab's rules, shared by the server (which stores and sums them) and the client
 * (which keeps its heatmap live from `image:progress` events): an image's heatmap state, the
 * Wilson interval of an agreement score, and what an image says about one field's difficulty.
 */
import { groupEnteredValues } from './consensus.ts';
import type { FieldType } from './fields.ts';
import { normaliseValue, writtenForm } from './fieldValues.ts';
import type { DecimalSeparator } from './numberText.ts';

/** Shown while a form's first recount fills the figures of entries made before Insights existed. */
export const INSIGHTS_COMPUTING =
  'These figures are being computed from the form’s earlier entries and fill in shortly.';

/** Heatmap states, by the byte that encodes each (one byte per image, in image-number order). */
export const HEAT_STATES = ['none', 'inProgress', 'disputed', 'verified', 'complete'] as const;

export interface HeatImage {
  entryCount: number;
  isComplete: boolean;
  verifiedFieldCount: number;
  totalFieldCount: number;
}

/**
 * none: no entries; inProgress: fewer entries than the threshold; disputed: enough entries but a
 * field still lacks agreement; verified: complete because every field agreed; complete: complete
 * otherwise (marked by a manager, or no-data / unreadable votes). The server's heatmap SQL
 * (services/insights/heatmap.ts) says the same in SQL; a test holds them together.
 */
export function heatStateOf(image: HeatImage, requiredEntriesPerImage: number): number {
  if (image.isComplete) {
    const allAgreed = image.totalFieldCount > 0 && image.verifiedFieldCount === image.totalFieldCount;
    return HEAT_STATES.indexOf(allAgreed ? 'verified' : 'complete');
  }
  if (image.entryCount === 0) return HEAT_STATES.indexOf('none');
  return HEAT_STATES.indexOf(image.entryCount < Math.max(1, requiredEntriesPerImage) ? 'inProgress' : 'disputed');
}

/** The Wilson score interval (95 %) of `successes` out of `trials`; [0, 1] when there are none. */
export function wilsonInterval(successes: number, trials: number, z = 1.96): { low: number; high: number } {
  if (trials <= 0) return { low: 0, high: 1 };
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** What one image says about one field: 1 or 0 each, summed per form into field difficulty. */
export interface FieldDifficultyMarks {
  /** Two or more entries to compare. */
  compared: number;
  /** They do not all compare equal (the consensus's own comparison). */
  disagreeing: number;
  /** They were not all written alike. */
  variant: number;
  /** Written differently, but only in spacing, case or date format. */
  formatOnly: number;
}

/**
 * Looser than the consensus: case does not count either. Dates are already compared as ISO and
 * spaces collapsed by `normaliseValue`, so this form is equal exactly when two writings differ only
 * in spacing, case or date format.
 */
const formattingFreeForm = (type: FieldType, value: unknown, separator?: DecimalSeparator) =>
  normaliseValue(type, value, separator).toLocaleLowerCase('en');

export function fieldDifficultyMarks(
  type: FieldType,
  values: readonly unknown[],
  decimalSeparator?: DecimalSeparator,
): FieldDifficultyMarks {
  if (values.length < 2) return { compared: 0, disagreeing: 0, variant: 0, formatOnly: 0 };
  const groups = groupEnteredValues(type, values, decimalSeparator);
  const written = new Set(values.map((value) => writtenForm(type, value)));
  const loose = new Set(values.map((value) => formattingFreeForm(type, value, decimalSeparator)));
  const variant = written.size > 1;
  return {
    compared: 1,
    disagreeing: groups.length > 1 ? 1 : 0,
    variant: variant ? 1 : 0,
    formatOnly: variant && loose.size === 1 ? 1 : 0,
  };
}

/** Whether an entered value matches the verified one, as the consensus compares them. */
export function matchesVerified(
  type: FieldType,
  entered: unknown,
  verified: unknown,
  decimalSeparator?: DecimalSeparator,
): boolean {
  return normaliseValue(type, entered, decimalSeparator) === normaliseValue(type, verified, decimalSeparator);
}
