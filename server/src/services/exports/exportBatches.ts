/**
 * The rows of a typed export (XLSX, JSON, Data Package): each image's agreed values, typed, read
 * in batches from the export's snapshot (exportSnapshot.ts has the ledger rules). A consumer that
 * stops early (the download broke off) ends the iteration, which rolls back: nothing is stamped.
 */
import type { ExportType } from '@formscribe/common/schemas/consolidated';
import type { FieldVerification } from '@formscribe/common/schemas/form';
import type { Knex } from 'knex';
import type { Form, User } from '../../models/index.ts';
import { openExportSnapshot } from './exportSnapshot.ts';
import { type TypedColumns, type TypedValue, typedColumnsOf, typedValue } from './typedColumns.ts';

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
  const snapshot = await openExportSnapshot<ImageValuesRow>(
    knex,
    form.id,
    user,
    exportType,
    'id, original_name, field_status',
  );
  const columns = typedColumnsOf(form.fields);
  const toRow = (image: ImageValuesRow): ExportRow => ({
    imageId: image.id,
    filename: image.original_name,
    values: columns.fields.map((column) => {
      const status = image.field_status?.[column.field.id];
      return typedValue(column, status?.isVerified ? (status.verifiedValue ?? undefined) : undefined);
    }),
  });

  async function* batches(): AsyncGenerator<ExportRow[]> {
    for await (const batch of snapshot.batches) yield batch.map(toRow);
  }

  return { rowCount: snapshot.rowCount, columns, batches: batches(), abandon: snapshot.abandon };
}
