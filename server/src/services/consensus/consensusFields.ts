/**
 * Which changes to a form's fields move its images' consensus. Consensus reads each data field's
 * id, type and decimal separator, in order (common/consensus.ts, the machine's reading, the
 * Insights figures); labels, help, placeholders, rules, column names, units and "allow other"
 * only change what people see and are told. A change of the latter alone needs no form-wide
 * recompute: for a large form that job is minutes of work the owner's typing would start again
 * at every autosave.
 */
import { dataFields, type FormField } from '@formscribe/common/fields';
import { DEFAULT_DECIMAL_SEPARATOR } from '@formscribe/common/numberText';

/** The part of a field list consensus reads, as one comparable text. */
function consensusShapeOf(fields: readonly FormField[]): string {
  return JSON.stringify(
    dataFields(fields).map((field) => [field.id, field.type, field.decimalSeparator ?? DEFAULT_DECIMAL_SEPARATOR]),
  );
}

/** Whether going from `before` to `after` changes what consensus reads (so every image is recomputed). */
export function fieldsChangeConsensus(before: readonly FormField[], after: readonly FormField[]): boolean {
  return consensusShapeOf(before) !== consensusShapeOf(after);
}
