/**
 * Streams a form's consolidated data as CSV in constant memory (a server-side cursor), inside a
 * REPEATABLE READ transaction. `all` and `not-exported` stamp exactly the rows they read, in
 * the same transaction, and only once the last row is written: a download that breaks off
 * stamps nothing, so a second "not yet exported" export still has those rows.
 */
import { Transform } from 'node:stream';
import { consolidatedRow } from '@formscribe/common/consolidated';
import { csvLine, UTF8_BOM } from '@formscribe/common/csv';
import { type ExportType, NOTHING_TO_EXPORT } from '@formscribe/common/schemas/consolidated';
import type { Knex } from 'knex';
import type pg from 'pg';
import QueryStream from 'pg-query-stream';
import { badRequest } from '../../errors.ts';
import type { Form, User } from '../../models/index.ts';
import { columnsOf, toConsolidatedState } from './consolidatedData.ts';
import { exportSelection, IMAGE_STATE_COLUMNS, type ImageStateRow } from './imageSelection.ts';

const FIXED_HEADERS = ['Image ID', 'Image', 'Completion', 'Last Submission', 'Manually Completed'];
const BATCH_SIZE = 500;

export interface CsvExport {
  rowCount: number;
  stream: Transform;
  /** Rolls back if the download ends early (nothing is stamped). */
  abort(): void;
}

/** Knex positional `?` bindings → PostgreSQL `$n`, for queries run on the raw connection. */
function toPositional(sql: string): string {
  let index = 0;
  return sql.replace(/\?/g, () => `$${++index}`);
}

export async function startCsvExport(knex: Knex, form: Form, user: User, exportType: ExportType): Promise<CsvExport> {
  const trx = await knex.transaction({ isolationLevel: 'repeatable read' });
  try {
    const selection = exportSelection(form.id, exportType);
    const { rows } = await trx.raw(
      `SELECT count(*)::int AS n FROM form_images WHERE ${selection.where}`,
      selection.bindings,
    );
    const rowCount = (rows as { n: number }[])[0]?.n ?? 0;
    if (rowCount === 0) throw badRequest(NOTHING_TO_EXPORT);

    const columns = columnsOf(form);
    const connection = (await trx.client.acquireConnection()) as pg.PoolClient;
    const cursor = connection.query(
      new QueryStream(
        toPositional(`SELECT ${IMAGE_STATE_COLUMNS} FROM form_images WHERE ${selection.where} ORDER BY id`),
        selection.bindings,
        { batchSize: BATCH_SIZE },
      ),
    );
    let finished = false;
    const stamps = exportType !== 'verified';
    const csv = new Transform({
      writableObjectMode: true,
      transform(row: ImageStateRow, _encoding, done) {
        const values = consolidatedRow(toConsolidatedState(row), columns);
        done(
          null,
          csvLine([
            values.image_id,
            values.image_filename,
            values.completion_percentage,
            values.last_submission_date,
            values.manually_completed ? 'Yes' : 'No',
            ...columns.map((column) => values[column.key]),
          ]),
        );
      },
      flush(done) {
        const stamp = stamps
          ? trx.raw(`UPDATE form_images SET exported_at = now(), exported_by_id = ? WHERE ${selection.where}`, [
              user.id,
              ...selection.bindings,
            ])
          : Promise.resolve();
        Promise.resolve(stamp)
          .then(() => trx.commit())
          .then(() => {
            finished = true;
            done();
          })
          .catch((error: Error) => done(error));
      },
    });
    csv.push(UTF8_BOM + csvLine([...FIXED_HEADERS, ...columns.map((column) => column.label)]));
    cursor.on('error', (error) => csv.destroy(error));
    cursor.pipe(csv);
    const abort = () => {
      if (finished) return;
      finished = true;
      cursor.destroy();
      void trx.rollback().catch(() => {});
    };
    csv.on('error', abort);
    return { rowCount, stream: csv, abort };
  } catch (error) {
    await trx.rollback().catch(() => {});
    throw error;
  }
}
