/**
 * The columns of the typed exports (XLSX, JSON, Data Package): the image's id and file name, then
 * one column per data field under its stable column name, and each agreed value turned into the
 * type the codebook gives it. Values are stored as the contributor typed them ("1,5" with comma
 * decimals, "true" for a ticked box); here they become what analysis tools load: numbers with a
 * point, booleans, ISO dates. A value that does not read as its type (the paper's own impossible
 * value, kept "as written") stays text rather than being lost.
 */

import { csvCell } from '@formscribe/common/csv';
import { columnNameOf, dataFields, type FormField } from '@formscribe/common/fields';
import { DEFAULT_DECIMAL_SEPARATOR, readNumber } from '@formscribe/common/numberText';
import type { DataType } from '@formscribe/common/schemas/codebook';
import { dataTypeOf } from '../codebook/formCodebook.ts';

export interface TypedColumn {
  field: FormField;
  name: string;
  dataType: DataType;
}

export interface TypedColumns {
  /** The image id's and file name's columns: `image_id` and `filename`, unless a field took them. */
  imageId: string;
  filename: string;
  fields: TypedColumn[];
}

/** A fixed column's name, moved aside (`filename_2`) when a field's column already has it. */
function freeName(base: string, taken: ReadonlySet<string>): string {
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
  return name;
}

export function typedColumnsOf(fields: readonly FormField[]): TypedColumns {
  const columns = dataFields(fields).map((field) => ({
    field,
    name: columnNameOf(field),
    dataType: dataTypeOf(field),
  }));
  const taken = new Set(columns.map((column) => column.name));
  return { imageId: freeName('image_id', taken), filename: freeName('filename', taken), fields: columns };
}

export type TypedValue = string | number | boolean | null;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A stored value as its column's type; blank (or not agreed) is null. */
export function typedValue(column: TypedColumn, text: string | undefined): TypedValue {
  const value = text?.trim();
  if (!value) return null;
  if (column.dataType === 'number' || column.dataType === 'integer') {
    const reading = readNumber(value, column.field.decimalSeparator ?? DEFAULT_DECIMAL_SEPARATOR);
    return reading.ok ? reading.value : value;
  }
  if (column.dataType === 'boolean') {
    if (value === 'true') return true;
    if (value === 'false') return false;
  }
  return value;
}

/** A full date as midnight UTC (what a spreadsheet shows as that day), or undefined. */
export function fullDate(value: TypedValue): Date | undefined {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? undefined : date;
}

/**
 * A typed value as a CSV cell that reads back as its type: numbers and booleans bare, text
 * through `csvCell` (quoted, and a formula starter neutralised as in every CSV we write).
 */
export function typedCsvCell(value: TypedValue): string {
  if (value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return csvCell(value);
}
