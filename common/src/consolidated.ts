/**
 * The consolidated view of a form's images: one row per image with each data field's agreed
 * value and status. Column keys are `field_{label}` (spec section 3), made unique when two
 * fields share a label, and the same columns drive the table and the CSV export. A verified value
 * its entries marked "as written on the page" (it breaks the field's rules) also carries
 * `field_{label}_as_written: true`, for the owner's flag.
 */
import { dataFields, type FormField } from './fields.ts';
import type { AutomaticCompletion } from './imageCompletion.ts';
import { AS_WRITTEN_KEY_SUFFIX } from './schemas/consolidated.ts';
import type { FieldVerification } from './schemas/form.ts';

export interface ConsolidatedColumn {
  fieldId: string;
  label: string;
  required: boolean;
  /** `field_{label}`; `_status` is appended for the status column. */
  key: string;
}

export function consolidatedColumns(fields: readonly FormField[]): ConsolidatedColumn[] {
  const used = new Map<string, number>();
  return dataFields(fields).map((field) => {
    const base = field.label || field.id;
    const seen = used.get(base) ?? 0;
    used.set(base, seen + 1);
    const label = seen ? `${base} (${seen + 1})` : base;
    return { fieldId: field.id, label, required: field.required === true, key: `field_${label}` };
  });
}

export interface ConsolidatedImageState {
  id: number;
  originalName: string;
  progressPercent: number;
  lastSubmissionAt: string | null;
  manuallyCompleted: boolean;
  /** What completes the image whatever its manual mark, if anything (then it cannot be unmarked). */
  automaticCompletion: AutomaticCompletion | null;
  exportedAt: string | null;
  fieldStatus: Record<string, FieldVerification>;
}

export type ConsolidatedRow = Record<string, string | number | boolean | null>;

/** One row of the spec's consolidated shape. */
export function consolidatedRow(
  image: ConsolidatedImageState,
  columns: readonly ConsolidatedColumn[],
): ConsolidatedRow {
  const row: ConsolidatedRow = {
    image_id: image.id,
    image_filename: image.originalName,
    completion_percentage: `${image.progressPercent}%`,
    last_submission_date: image.lastSubmissionAt,
    manually_completed: image.manuallyCompleted,
    automatic_completion: image.automaticCompletion,
    exported_at: image.exportedAt,
  };
  for (const column of columns) {
    const status = image.fieldStatus[column.fieldId];
    row[column.key] = status?.isVerified ? (status.verifiedValue ?? '') : '';
    row[`${column.key}_status`] = status?.isVerified ? 'verified' : 'unverified';
    // Only when set, so rows of forms without rule breaks are as they were.
    if (status?.isVerified && status.asWritten) row[`${column.key}${AS_WRITTEN_KEY_SUFFIX}`] = true;
  }
  return row;
}
