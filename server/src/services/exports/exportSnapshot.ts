/**
 * The rows of an export read in id order, in batches, from one REPEATABLE READ transaction, so
 * memory stays flat at 100k images whatever the format. It keeps the CSV export's ledger rules
 * (csvExport.ts, exportStamp.ts): the same selection per export type, and `all` and
 * `not-exported` stamp exactly the rows read, in the same snapshot, only once the last batch has
 * been taken. A consumer that stops early (the download broke off) ends the iteration, which
 * rolls back: nothing is stamped. The NDJSON export (publicApi/) and the typed exports
 * (exportBatches.ts) read through it.
 */
import { type ExportType, NOTHING_TO_EXPORT } from '@formscribe/common/schemas/consolidated';
import type { Knex } from 'knex';
import { badRequest } from '../../errors.ts';
import type { User } from '../../models/index.ts';
import { stampExported } from './exportStamp.ts';
import { exportSelection } from './imageSelection.ts';

/** Rows read at a time. (XLSX in batches of 100 halved its heap peak but hung an interrupted-download test; benchmarks.md, B4.) */
export const EXPORT_BATCH_ROWS = 500;

export interface SnapshotBatches<Row> {
  rowCount: number;
  /** The rows; iterate once. Ending the iteration early (break, return, throw) rolls back. */
  batches: AsyncGenerator<Row[]>;
  /** Rolls back unless the export finished; for a consumer that never started iterating (or a destroyed stream). */
  abandon(): void;
}

/**
 * Opens the snapshot and counts the rows (400 "There is no data to export" when there are none).
 * `columns` is the SELECT list of form_images; it must include `id`.
 */
export async function openExportSnapshot<Row extends { id: number }>(
  knex: Knex,
  formId: number,
  user: User,
  exportType: ExportType,
  columns: string,
): Promise<SnapshotBatches<Row>> {
  const trx = await knex.transaction({ isolationLevel: 'repeatable read' });
  const selection = exportSelection(formId, exportType);
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

  let settled = false;
  const rollback = () => {
    if (settled) return;
    settled = true;
    void trx.rollback().catch(() => {});
  };

  async function* batches(): AsyncGenerator<Row[]> {
    try {
      let after = 0;
      for (;;) {
        const { rows } = await trx.raw(
          `SELECT ${columns} FROM form_images WHERE ${selection.where} AND id > ? ORDER BY id LIMIT ?`,
          [...selection.bindings, after, EXPORT_BATCH_ROWS],
        );
        const batch = rows as Row[];
        const last = batch.at(-1);
        if (!last) break;
        yield batch;
        after = last.id;
      }
      await stampExported(trx, selection, exportType, user.id);
      await trx.commit();
      settled = true;
    } finally {
      rollback();
    }
  }

  return { rowCount, batches: batches(), abandon: rollback };
}
