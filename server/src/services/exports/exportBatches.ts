/**
 * The rows of a typed export (XLSX, JSON, Data Package), read in id order in batches from one
 * REPEATABLE READ transaction, so memory stays flat at 100k images whatever the format. It keeps
 * the CSV export's ledger rules (csvExport.ts, exportStamp.ts): the same selection per export type,
 * and `all` and `not-exported` stamp exactly the rows read, in the same snapshot, only once the
 * last batch has been taken. A consumer that stops early (the download broke off) ends the
 * iteration, which rolls back: nothing is stamped.
 */
import { type ExportType, NOTHING_TO_EXPORT } from '@formscribe/common/schemas/consolidated';
import type { FieldVerification } from '@formscribe/common/schemas/form';
import type { Knex } from 'knex';
import { badRequest } from '../../errors.ts';
import type { Form, User } from '../../models/index.ts';
import { stampExported } from './exportStamp.ts';
import { exportSelection } from './imageSelection.ts';
import { type TypedColumns, type TypedValue, typedColumnsOf, typedValue } from './typedColumns.ts';

const BATCH_ROWS = 500;

/** One image's row: its id, file name and each field's agreed value, typed, in column order. */
export interface ExportRow {
  imageId: number;
  filename: string;
  values: TypedValue[];
}

export interface ExportBatches {
  rowCount: number;
  columns: TypedColumns;
  /** The rows; iterate once. Ending the iteration early (break, return, throw) rolls back. */
  batches: AsyncGenerator<ExportRow[]>;
  /** Rolls back unless the export finished; for a consumer that never started iterating. */
  abandon(): void;
}

interface ImageValuesRow {
  id: number;
  original_name: string;
  field_status: Record<string, FieldVerification> | null;
}

export async function openExportBatches(
  knex: Knex,
  form: Form,
  user: User,
  exportType: ExportType,
): Promise<ExportBatches> {
  const trx = await knex.transaction({ isolationLevel: 'repeatable read' });
  const selection = exportSelection(form.id, exportType);
  let rowCount: number;
  try {
    const { rows } = await trx.raw(`SELECT count(*)::int AS n FROM form_images WHERE ${selection.where}`, [
      ...selection.bindings,
    ]);
    rowCount = (rows as { n: number }[])[0]?.n ?? 0;
    if (!rowCount) throw badRequest(NOTHING_TO_EXPORT);
  } catch (error) {
    await trx.rollback().catch(() => {});
    throw error;
  }
  const columns = typedColumnsOf(form.fields);

  let settled = false;
  const rollback = () => {
    if (settled) return;
    settled = true;
    void trx.rollback().catch(() => {});
  };
  const toRow = (image: ImageValuesRow): ExportRow => ({
    imageId: image.id,
    filename: image.original_name,
    values: columns.fields.map((column) => {
      const status = image.field_status?.[column.field.id];
      return typedValue(column, status?.isVerified ? (status.verifiedValue ?? undefined) : undefined);
    }),
  });

  async function* batches(): AsyncGenerator<ExportRow[]> {
    try {
      let after = 0;
      for (;;) {
        const { rows } = await trx.raw(
          `SELECT id, original_name, field_status FROM form_images
           WHERE ${selection.where} AND id > ? ORDER BY id LIMIT ?`,
          [...selection.bindings, after, BATCH_ROWS],
        );
        const batch = rows as ImageValuesRow[];
        const last = batch.at(-1);
        if (!last) break;
        yield batch.map(toRow);
        after = last.id;
      }
      await stampExported(trx, selection, exportType, user.id);
      await trx.commit();
      settled = true;
    } finally {
      rollback();
    }
  }

  return { rowCount, columns, batches: batches(), abandon: rollback };
}
