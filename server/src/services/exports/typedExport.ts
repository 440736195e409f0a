/**
 * The exports beside the CSV: XLSX, JSON and the Frictionless Data Package. Each reads its rows
 * through `openExportBatches` (one snapshot, the CSV's ledger rules, constant memory) and writes
 * its own format as a stream; this file picks the writer and says what the download is.
 */
import type { Readable } from 'node:stream';
import { type ExportFormat, type ExportType, exportFilename } from '@formscribe/common/schemas/consolidated';
import type { Knex } from 'knex';
import type { Form, User } from '../../models/index.ts';
import { dataPackageExportStream } from './dataPackageExport.ts';
import { openExportBatches } from './exportBatches.ts';
import { jsonExportStream } from './jsonExport.ts';
import { xlsxExportStream } from './xlsxExport.ts';

export type TypedExportFormat = Exclude<ExportFormat, 'csv'>;

export const TYPED_EXPORT_FILES: Record<TypedExportFormat, { extension: string; contentType: string }> = {
  xlsx: { extension: 'xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  json: { extension: 'json', contentType: 'application/json; charset=utf-8' },
  datapackage: { extension: 'zip', contentType: 'application/zip' },
};

export interface TypedExport {
  rowCount: number;
  stream: Readable;
  /** The CSV's name with this format's extension: `{form name}_{kind}_data.xlsx`. */
  filename: string;
  contentType: string;
}

export async function startTypedExport(
  knex: Knex,
  form: Form,
  user: User,
  exportType: ExportType,
  format: TypedExportFormat,
): Promise<TypedExport> {
  const rows = await openExportBatches(knex, form, user, exportType);
  const stream =
    format === 'xlsx'
      ? xlsxExportStream(form, rows)
      : format === 'json'
        ? jsonExportStream(form, exportType, rows)
        : dataPackageExportStream(form, rows);
  const file = TYPED_EXPORT_FILES[format];
  return {
    rowCount: rows.rowCount,
    stream,
    filename: exportFilename(form.name, exportType).replace(/\.csv$/, `.${file.extension}`),
    contentType: file.contentType,
  };
}
