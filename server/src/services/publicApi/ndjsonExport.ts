/**
 * A form's export as NDJSON: one consolidated row per line (presentConsolidatedApiRow), streamed
 * from the export's snapshot (exports/exportSnapshot.ts has the ledger rules). A download that
 * breaks off rolls back and stamps nothing.
 */

import { Readable } from 'node:stream';
import type { ExportType } from '@formscribe/common/schemas/consolidated';
import type { Knex } from 'knex';
import type { Form, User } from '../../models/index.ts';
import { presentConsolidatedApiRow } from '../../presenters/presentConsolidatedApiRow.ts';
import { columnsOf } from '../exports/consolidatedData.ts';
import { openExportSnapshot } from '../exports/exportSnapshot.ts';
import { IMAGE_STATE_COLUMNS, type ImageStateRow } from '../exports/imageSelection.ts';

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
  const snapshot = await openExportSnapshot<ImageStateRow>(knex, form.id, user, exportType, IMAGE_STATE_COLUMNS);
  const columns = columnsOf(form);
  async function* lines(): AsyncGenerator<string> {
    for await (const batch of snapshot.batches) {
      yield batch.map((row) => `${JSON.stringify(presentConsolidatedApiRow(row, form, columns))}\n`).join('');
    }
  }
  const stream = Readable.from(lines(), { objectMode: false });
  // A stream destroyed before its first read never runs the generator's finally.
  stream.on('close', snapshot.abandon);
  return { rowCount: snapshot.rowCount, stream };
}
