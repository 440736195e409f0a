/**
 * Which images a consolidated view or an export covers, as SQL over form_images only (the
 * stored per-image state), so reads stay fast at 100k images.
 */

import type { ConsolidatedFilter, ConsolidatedSort, ExportType } from '@formscribe/common/schemas/consolidated';
import type { FieldVerification } from '@formscribe/common/schemas/form';
import type { Knex } from 'knex';

export interface ImageSelection {
  where: string;
  bindings: Knex.RawBinding[];
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function consolidatedSelection(formId: number, filter?: ConsolidatedFilter, search = ''): ImageSelection {
  const parts = ['form_id = ?'];
  const bindings: Knex.RawBinding[] = [formId];
  if (filter === 'exported') parts.push('exported_at IS NOT NULL');
  if (filter === 'not-exported') parts.push('exported_at IS NULL');
  if (search) {
    parts.push('original_name ILIKE ?');
    bindings.push(`%${escapeLike(search)}%`);
  }
  return { where: parts.join(' AND '), bindings };
}

export function exportSelection(formId: number, exportType: ExportType): ImageSelection {
  const parts = ['form_id = ?'];
  if (exportType === 'not-exported') parts.push('exported_at IS NULL');
  if (exportType === 'verified') parts.push('is_complete');
  return { where: parts.join(' AND '), bindings: [formId] };
}

export const CONSOLIDATED_ORDER: Record<ConsolidatedSort, string> = {
  filename: 'original_name ASC, id ASC',
  completion: 'is_complete DESC, (verified_field_count::float / NULLIF(total_field_count, 0)) DESC NULLS LAST, id ASC',
  'last-submission': 'last_submission_at DESC NULLS LAST, id ASC',
};

/** Columns every consolidated read needs, with the names the row mapper expects. */
export const IMAGE_STATE_COLUMNS = `id, original_name AS "originalName", verified_field_count AS "verifiedFieldCount",
  total_field_count AS "totalFieldCount", is_complete AS "isComplete", last_submission_at AS "lastSubmissionAt",
  manually_completed AS "manuallyCompleted", exported_at AS "exportedAt", field_status AS "fieldStatus",
  no_data_vote_count AS "noDataVoteCount", unreadable_vote_count AS "unreadableVoteCount",
  source_file_name AS "sourceFileName", source_page AS "sourcePage", metadata`;

export interface ImageStateRow {
  id: number;
  originalName: string;
  verifiedFieldCount: number;
  totalFieldCount: number;
  isComplete: boolean;
  lastSubmissionAt: Date | null;
  manuallyCompleted: boolean;
  exportedAt: Date | null;
  fieldStatus: Record<string, FieldVerification>;
  noDataVoteCount: number;
  unreadableVoteCount: number;
  sourceFileName: string;
  sourcePage: number | null;
  metadata: Record<string, string>;
}
