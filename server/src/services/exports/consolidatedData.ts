import {
  type ConsolidatedColumn,
  type ConsolidatedImageState,
  consolidatedColumns,
  consolidatedRow,
} from '@formscribe/common/consolidated';
import { automaticCompletion, imageProgressPercent } from '@formscribe/common/imageCompletion';
import type { ConsolidatedFilter, ConsolidatedSort } from '@formscribe/common/schemas/consolidated';
import type { Knex } from 'knex';
import type { Form } from '../../models/index.ts';
import {
  CONSOLIDATED_ORDER,
  consolidatedSelection,
  IMAGE_STATE_COLUMNS,
  type ImageStateRow,
} from './imageSelection.ts';

export function toConsolidatedState(row: ImageStateRow, requiredEntriesPerImage: number): ConsolidatedImageState {
  return {
    id: row.id,
    originalName: row.originalName,
    progressPercent: imageProgressPercent(row, row.isComplete),
    lastSubmissionAt: row.lastSubmissionAt ? new Date(row.lastSubmissionAt).toISOString() : null,
    manuallyCompleted: row.manuallyCompleted,
    automaticCompletion: automaticCompletion(row, requiredEntriesPerImage),
    exportedAt: row.exportedAt ? new Date(row.exportedAt).toISOString() : null,
    fieldStatus: row.fieldStatus ?? {},
  };
}

export function columnsOf(form: Form): ConsolidatedColumn[] {
  return consolidatedColumns(form.fields);
}

export async function consolidatedPage(
  knex: Knex,
  form: Form,
  options: { filter?: ConsolidatedFilter; page: number; limit: number; sort: ConsolidatedSort; search: string },
) {
  const selection = consolidatedSelection(form.id, options.filter, options.search);
  const [{ rows: countRows }, { rows }] = await Promise.all([
    knex.raw(`SELECT count(*)::int AS n FROM form_images WHERE ${selection.where}`, selection.bindings),
    knex.raw(
      `SELECT ${IMAGE_STATE_COLUMNS} FROM form_images WHERE ${selection.where}
       ORDER BY ${CONSOLIDATED_ORDER[options.sort]} LIMIT ? OFFSET ?`,
      [...selection.bindings, options.limit, (options.page - 1) * options.limit],
    ),
  ]);
  const total = (countRows as { n: number }[])[0]?.n ?? 0;
  const columns = columnsOf(form);
  return {
    columns,
    rows: (rows as ImageStateRow[]).map((row) =>
      consolidatedRow(toConsolidatedState(row, form.requiredEntriesPerImage), columns),
    ),
    total,
    page: options.page,
    totalPages: Math.max(1, Math.ceil(total / options.limit)),
  };
}
