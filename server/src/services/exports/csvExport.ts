/**
 * Streams a form's consolidated data as CSV at COPY speed in constant memory: PostgreSQL builds
 * the rows (`COPY … TO STDOUT`, see csvCopyQuery.ts) inside a REPEATABLE READ transaction and the
 * bytes flow to the response with backpressure. `all` and `not-exported` stamp exactly the rows
 * they read, in the same transaction (same snapshot, same selection), and only once the last row
 * is written: a download that breaks off stamps nothing, so a second "not yet exported" export
 * still has those rows.
 */
import { csvLine, UTF8_BOM } from '@formscribe/common/csv';
import { type ExportType, NOTHING_TO_EXPORT } from '@formscribe/common/schemas/consolidated';
import type { Knex } from 'knex';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { badRequest } from '../../errors.ts';
import type { Form, User } from '../../models/index.ts';
import { catalogueColumns } from '../catalogue/catalogueStore.ts';
import { columnsOf } from './consolidatedData.ts';
import { CrlfRowEnds } from './crlfRowEnds.ts';
import { csvCopySql } from './csvCopyQuery.ts';
import { stampExported } from './exportStamp.ts';
import { exportSelection } from './imageSelection.ts';

const FIXED_HEADERS = ['Image ID', 'Image', 'Completion', 'Last Submission', 'Manually Completed'];
/** After the form's fields: where the image came from, then the catalogue's columns. */
const SOURCE_HEADERS = ['Source File', 'Source Page'];
export const metadataHeader = (key: string) => `meta:${key}`;

export interface CsvExport {
  rowCount: number;
  stream: NodeJS.ReadableStream;
  /** Rolls back if the download ends early (nothing is stamped). */
  abort(): void;
}

export async function startCsvExport(knex: Knex, form: Form, user: User, exportType: ExportType): Promise<CsvExport> {
  const trx = await knex.transaction({ isolationLevel: 'repeatable read' });
  try {
    const selection = exportSelection(form.id, exportType);
    const { rows } = await trx.raw(
      `SELECT count(*)::int AS n, pg_backend_pid() AS pid FROM form_images WHERE ${selection.where}`,
      selection.bindings,
    );
    const counted = (rows as { n: number; pid: number }[])[0];
    if (!counted?.n) throw badRequest(NOTHING_TO_EXPORT);
    const { n: rowCount, pid } = counted;

    const columns = columnsOf(form);
    const metadataColumns = await catalogueColumns(trx, form.id);
    const connection = (await trx.client.acquireConnection()) as pg.PoolClient;
    const copy = connection.query(copyTo(csvCopySql(columns, metadataColumns, selection)));
    let copyRunning = true;
    let finished = false;
    const csv = new CrlfRowEnds({
      flush(done) {
        stampExported(trx, selection, exportType, user.id)
          .then(() => trx.commit())
          .then(() => {
            finished = true;
            done();
          })
          .catch((error: Error) => done(error));
      },
    });
    const headers = [
      ...FIXED_HEADERS,
      ...columns.map((column) => column.label),
      ...SOURCE_HEADERS,
      ...metadataColumns.map(metadataHeader),
    ];
    csv.push(UTF8_BOM + csvLine(headers));
    copy.on('end', () => {
      copyRunning = false;
    });
    copy.on('error', (error) => {
      copyRunning = false;
      csv.destroy(error);
    });
    copy.pipe(csv);

    const abort = () => {
      if (finished) return;
      finished = true;
      copy.unpipe(csv);
      // Nobody reads the rows any more: stop the COPY, and keep draining the connection so the
      // cancelled COPY can end there and the rollback run (the connection then goes back to the pool).
      const cancelled = copyRunning ? knex.raw('SELECT pg_cancel_backend(?)', [pid]) : Promise.resolve();
      copy.resume();
      void Promise.resolve(cancelled)
        .catch(() => {})
        .then(() => trx.rollback())
        .catch(() => {});
    };
    csv.on('error', abort);
    return { rowCount, stream: csv, abort };
  } catch (error) {
    await trx.rollback().catch(() => {});
    throw error;
  }
}
