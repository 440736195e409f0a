/**
 * The Excel export, written by exceljs's streaming workbook writer straight into the response:
 * sheet "Data" (a header row of column names, then one row per image with numbers as numbers,
 * ticked boxes as booleans and full dates as dates) and sheet "Codebook" (the codebook CSV's
 * columns, so the file explains itself). Rows are committed as they are read; the writer waits
 * whenever the client has not taken what was written, so a slow download holds a batch, not the
 * export.
 */
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import type { Form } from '../../models/index.ts';
import { codebookRows } from '../codebook/codebookCsv.ts';
import { codebookOf } from '../codebook/formCodebook.ts';
import type { ExportBatches } from './exportBatches.ts';
import { fullDate, type TypedColumn, type TypedValue } from './typedColumns.ts';

const DATE_FORMAT = 'yyyy-mm-dd';
/** Rows written between two turns of the event loop (a few milliseconds of work). */
const ROWS_PER_TURN = 25;

type XlsxValue = string | number | boolean | Date | null;

function xlsxValue(column: TypedColumn, value: TypedValue): XlsxValue {
  if (column.dataType === 'date') return fullDate(value) ?? value;
  return value;
}

/** Resolves once the client has taken what was written (or is gone). */
async function roomIn(output: PassThrough): Promise<void> {
  if (!output.writableNeedDrain || output.destroyed) return;
  await Promise.race([once(output, 'drain'), once(output, 'close')]);
}

async function writeWorkbook(form: Form, rows: ExportBatches, output: PassThrough): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true });
  const data = workbook.addWorksheet('Data');
  const codebookSheet = workbook.addWorksheet('Codebook');
  const { columns } = rows;
  data.columns = [
    { key: columns.imageId, width: 10 },
    { key: columns.filename, width: 24 },
    ...columns.fields.map((column) => ({
      key: column.name,
      width: Math.max(12, Math.min(40, column.name.length + 2)),
      ...(column.dataType === 'date' ? { style: { numFmt: DATE_FORMAT } } : {}),
    })),
  ];
  data.addRow([columns.imageId, columns.filename, ...columns.fields.map((column) => column.name)]).commit();
  for await (const batch of rows.batches) {
    for (const [index, row] of batch.entries()) {
      const values = columns.fields.map((column, at) => xlsxValue(column, row.values[at] ?? null));
      data.addRow([row.imageId, row.filename, ...values]).commit();
      // exceljs writes a row synchronously (~0.2 ms for 20 fields): other requests get a turn often.
      if (index % ROWS_PER_TURN === ROWS_PER_TURN - 1) await setImmediate();
    }
    if (output.destroyed) break; // the download broke off: leaving the loop rolls the export back
    await roomIn(output);
  }
  if (output.destroyed) return;
  data.commit();
  for (const row of codebookRows(codebookOf(form))) codebookSheet.addRow(row).commit();
  codebookSheet.commit();
  await workbook.commit();
}

export function xlsxExportStream(form: Form, rows: ExportBatches): Readable {
  const output = new PassThrough();
  output.on('close', rows.abandon);
  writeWorkbook(form, rows, output).catch((error: Error) => output.destroy(error));
  return output;
}
