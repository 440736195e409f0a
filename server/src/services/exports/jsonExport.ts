/**
 * The JSON export: `{ form, exportType, exportedAt, codebook, rows: [{ imageId, filename, <name>:
 * value, … }] }`, values typed as the codebook says (numbers, booleans, ISO dates as text, null
 * where nothing is agreed). Written as a stream of text, a batch of rows at a time, so the whole
 * document is never in memory.
 */
import { Readable } from 'node:stream';
import type { ExportType } from '@formscribe/common/schemas/consolidated';
import type { Form } from '../../models/index.ts';
import { codebookOf } from '../codebook/formCodebook.ts';
import type { ExportBatches, ExportRow } from './exportBatches.ts';
import type { TypedColumns, TypedValue } from './typedColumns.ts';

/**
 * A row's keys: `imageId` (camelCase, which no field's column name can be), the file name's column
 * (`filename` unless a field has that name) and the fields' column names.
 */
function rowObject(row: ExportRow, columns: TypedColumns): Record<string, TypedValue> {
  const object: Record<string, TypedValue> = { imageId: row.imageId, [columns.filename]: row.filename };
  columns.fields.forEach((column, index) => {
    object[column.name] = row.values[index] ?? null;
  });
  return object;
}

export function jsonExportStream(form: Form, exportType: ExportType, rows: ExportBatches): Readable {
  const head = {
    form: { id: form.id, name: form.name },
    exportType,
    exportedAt: new Date().toISOString(),
    codebook: codebookOf(form),
  };
  async function* text(): AsyncGenerator<string> {
    yield `${JSON.stringify(head).slice(0, -1)},"rows":[`;
    let first = true;
    for await (const batch of rows.batches) {
      const lines = batch.map((row) => JSON.stringify(rowObject(row, rows.columns)));
      yield `${first ? '\n' : ',\n'}${lines.join(',\n')}`;
      first = false;
    }
    yield '\n]}\n';
  }
  const stream = Readable.from(text(), { objectMode: false });
  // Destroyed before its first read, the generator never ran: the rows' transaction ends here.
  stream.on('close', rows.abandon);
  return stream;
}
