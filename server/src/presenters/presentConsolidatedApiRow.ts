import type { ConsolidatedColumn } from '@formscribe/common/consolidated';
import type { V1ConsolidatedRow } from '@formscribe/common/schemas/v1';
import type { Form } from '../models/index.ts';
import { toConsolidatedState } from '../services/exports/consolidatedData.ts';
import type { ImageStateRow } from '../services/exports/imageSelection.ts';

/**
 * One image's verified data for the public API: every data field of the form (layout fields
 * never), keyed by field id, with its status and agreed value — unverified fields included, so a
 * client need not know which fields exist to read a row. The image's source and catalogue
 * metadata come along (the public API's consolidated data is for those who manage the form).
 */
export function presentConsolidatedApiRow(
  row: ImageStateRow,
  form: Form,
  columns: readonly ConsolidatedColumn[],
): V1ConsolidatedRow {
  const state = toConsolidatedState(row, form.requiredEntriesPerImage);
  const fields: V1ConsolidatedRow['fields'] = {};
  for (const { fieldId } of columns) {
    const status = state.fieldStatus[fieldId];
    if (!status?.isVerified) fields[fieldId] = { isVerified: false, verifiedValue: null };
    else if (status.asWritten)
      fields[fieldId] = { isVerified: true, verifiedValue: status.verifiedValue, asWritten: true };
    else fields[fieldId] = { isVerified: true, verifiedValue: status.verifiedValue };
  }
  return {
    imageId: row.id,
    originalName: row.originalName,
    progressPercent: state.progressPercent,
    isComplete: row.isComplete,
    manuallyCompleted: row.manuallyCompleted,
    lastSubmissionAt: state.lastSubmissionAt,
    exportedAt: state.exportedAt,
    fields,
    source: { fileName: row.sourceFileName, page: row.sourcePage },
    metadata: row.metadata,
  };
}
