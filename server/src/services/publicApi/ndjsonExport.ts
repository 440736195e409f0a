/**
 * A form's export as NDJSON: one consolidated row per line (presentConsolidatedApiRow), streamed
 * in id order from a REPEATABLE READ transaction in batches, so memory stays flat at 100k images.
 * It keeps the CSV export's ledger rules (csvExport.ts): the same selection per export type, and
 * `all` and `not-exported` stamp exactly the rows they sent, in the same snapshot, only once the
 * last line is out. A download that breaks off rolls back and stamps nothing.
 */

import { Readable } from 'node:stream';
import { type ExportType, NOTHING_TO_EXPORT } from '@formscribe/common/schemas/consolidated';
import type { Knex } from 'knex';
import { badRequest } from '../../errors.ts';
import type { Form, User } from '../../models/index.ts';
import { presentConsolidatedApiRow } from '../../presenters/presentConsolidatedApiRow.ts';
import { columnsOf } from '../exports/consolidatedData.ts';
import { stampExported } from '../exports/exportStamp.ts';
import { exportSelection, IMAGE_STATE_COLUMNS, type ImageStateRow } from '../exports/imageSelection.ts';

const BATCH_ROWS = 500;

export interface NdjsonExport {
  rowCount: number;
  stream: Readable;
}

export async function startNdjsonExport(
  knex: Knex,
  form: Form,
  user: User,
  exportType: ExportType,
): Promise<NdjsonExport> {
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
  const columns = columnsOf(form);

  let committed = false;
  const rollback = () => {
    if (!committed) void trx.rollback().catch(() => {});
  };
  async function* lines(): AsyncGenerator<string> {
    try {
      let after = 0;
      for (;;) {
        const { rows } = await trx.raw(
          `SELECT ${IMAGE_STATE_COLUMNS} FROM form_images WHERE ${selection.where} AND id > ? ORDER BY id LIMIT ?`,
          [...selection.bindings, after, BATCH_ROWS],
        );
        const batch = rows as ImageStateRow[];
        const last = batch.at(-1);
        if (!last) break;
        yield batch.map((row) => `${JSON.stringify(presentConsolidatedApiRow(row, form, columns))}\n`).join('');
        after = last.id;
      }
      await stampExported(trx, selection, exportType, user.id);
      await trx.commit();
      committed = true;
    } finally {
      // Also reached when the client goes away mid-stream: the stream is destroyed, the generator returns.
      rollback();
    }
  }

  const stream = Readable.from(lines(), { objectMode: false });
  // A stream destroyed before its first read never runs the generator's finally.
  stream.on('close', rollback);
  return { rowCount, stream };
}
