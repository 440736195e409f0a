/**
 * Reading the spec's consolidated row shape (image_id, image_filename, completion_percentage,
 * last_submission_date, manually_completed, exported_at, field_{label}, field_{label}_status).
 */
import type { ConsolidatedRow } from '@formscribe/common/consolidated';
import { AUTOMATIC_COMPLETION_REASONS, type AutomaticCompletion } from '@formscribe/common/imageCompletion';
import { AS_WRITTEN_KEY_SUFFIX, type ConsolidatedResponse } from '@formscribe/common/schemas/consolidated';

export type ConsolidatedColumn = ConsolidatedResponse['columns'][number];

export interface ConsolidatedImageRow {
  imageId: number;
  filename: string;
  completion: string;
  lastSubmission: string | null;
  manuallyCompleted: boolean;
  /** What completes the image whatever its mark (entries or votes), if anything. */
  automaticCompletion: AutomaticCompletion | null;
  exportedAt: string | null;
}

const isAutomaticCompletion = (value: unknown): value is AutomaticCompletion =>
  typeof value === 'string' && value in AUTOMATIC_COMPLETION_REASONS;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function readImageRow(row: ConsolidatedRow): ConsolidatedImageRow {
  return {
    imageId: Number(row.image_id),
    filename: String(row.image_filename ?? ''),
    completion: String(row.completion_percentage ?? '0%'),
    lastSubmission: text(row.last_submission_date),
    manuallyCompleted: row.manually_completed === true,
    automaticCompletion: isAutomaticCompletion(row.automatic_completion) ? row.automatic_completion : null,
    exportedAt: text(row.exported_at),
  };
}

export interface FieldCell {
  value: string;
  verified: boolean;
  /** The agreed value breaks the field's rules, and its entries marked it as written on the page. */
  asWritten: boolean;
}

export function readFieldCell(row: ConsolidatedRow, column: ConsolidatedColumn): FieldCell {
  const value = row[column.key];
  return {
    value: value === null || value === undefined ? '' : String(value),
    verified: row[`${column.key}_status`] === 'verified',
    asWritten: row[`${column.key}${AS_WRITTEN_KEY_SUFFIX}`] === true,
  };
}

/** Someone entered data and at least one field has no agreed value: the owner can settle it. */
export function hasOpenDisagreement(row: ConsolidatedRow, columns: readonly ConsolidatedColumn[]): boolean {
  return text(row.last_submission_date) !== null && columns.some((column) => !readFieldCell(row, column).verified);
}
