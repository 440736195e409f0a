/**
 * The Frictionless Data Package export: a ZIP of `datapackage.json` (the package, with a Table
 * Schema typed from the codebook) and `data.csv` (the rows under the stable column names, each
 * value written so that it reads back as its type). R (frictionless), Python (frictionless,
 * pandas) and Excel open it as typed data. The ZIP is written by yazl as the CSV streams in.
 */
import { PassThrough, pipeline, Readable } from 'node:stream';
import { csvLine } from '@formscribe/common/csv';
import { hasOptions } from '@formscribe/common/fields';
import { ZipFile } from 'yazl';
import type { Form } from '../../models/index.ts';
import type { ExportBatches } from './exportBatches.ts';
import { type TypedColumn, type TypedColumns, typedCsvCell } from './typedColumns.ts';

/** A Table Schema field (https://specs.frictionlessdata.io/table-schema/). */
export interface TableSchemaField {
  name: string;
  title?: string;
  description?: string;
  type: string;
  format?: string;
  constraints?: Record<string, unknown>;
}

/**
 * A field's constraints as Table Schema names them; rules that have no such name are left out.
 * `required` is not one of them: an export may hold images not yet verified, whose cells are
 * blank, and the codebook says which fields contributors must fill. Values kept "as written on the
 * page" break their rules on purpose, so a validator flags them, as it should.
 */
function constraintsOf(column: TypedColumn): Record<string, unknown> {
  const { field, dataType } = column;
  const rules = field.rules ?? {};
  const constraints: Record<string, unknown> = {};
  if (dataType === 'number' || dataType === 'integer') {
    if (rules.min !== undefined) constraints.minimum = rules.min;
    if (rules.max !== undefined) constraints.maximum = rules.max;
  }
  if (dataType === 'date') {
    if (rules.earliest) constraints.minimum = rules.earliest;
    if (rules.latest) constraints.maximum = rules.latest;
  }
  if (dataType === 'string') {
    if (rules.minLength !== undefined) constraints.minLength = rules.minLength;
    if (rules.maxLength !== undefined) constraints.maxLength = rules.maxLength;
    if (rules.pattern) constraints.pattern = rules.pattern;
  }
  if (hasOptions(field.type) && !field.allowOther && field.options?.length) constraints.enum = [...field.options];
  return constraints;
}

function schemaField(column: TypedColumn): TableSchemaField {
  const constraints = constraintsOf(column);
  return {
    name: column.name,
    title: column.field.label,
    ...(column.field.help ? { description: column.field.help } : {}),
    type: column.dataType,
    ...(column.field.type === 'email' ? { format: 'email' } : {}),
    ...(Object.keys(constraints).length ? { constraints } : {}),
  };
}

/** A package name as the spec allows it: lower-case letters, digits, `-`, `_` and `.`. */
export function packageName(form: Pick<Form, 'id' | 'name'>): string {
  const slug = form.name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return slug || `form-${form.id}`;
}

export function dataPackageDescriptor(form: Form, columns: TypedColumns) {
  return {
    profile: 'tabular-data-package',
    name: packageName(form),
    title: form.name,
    ...(form.description ? { description: form.description } : {}),
    created: new Date().toISOString(),
    resources: [
      {
        profile: 'tabular-data-resource',
        name: 'data',
        path: 'data.csv',
        format: 'csv',
        mediatype: 'text/csv',
        encoding: 'utf-8',
        dialect: { delimiter: ',', doubleQuote: true, quoteChar: '"', lineTerminator: '\r\n', header: true },
        schema: {
          fields: [
            {
              name: columns.imageId,
              title: 'Image ID',
              type: 'integer',
              constraints: { required: true, unique: true },
            },
            { name: columns.filename, title: 'Image', type: 'string', constraints: { required: true } },
            ...columns.fields.map(schemaField),
          ],
          primaryKey: [columns.imageId],
          missingValues: [''],
        },
      },
    ],
  };
}

function dataCsv(rows: ExportBatches): Readable {
  const { columns } = rows;
  async function* text(): AsyncGenerator<string> {
    yield csvLine([columns.imageId, columns.filename, ...columns.fields.map((column) => column.name)]);
    for await (const batch of rows.batches) {
      yield batch
        .map((row) => `${[row.imageId, typedCsvCell(row.filename), ...row.values.map(typedCsvCell)].join(',')}\r\n`)
        .join('');
    }
  }
  return Readable.from(text(), { objectMode: false });
}

export function dataPackageExportStream(form: Form, rows: ExportBatches): Readable {
  const zip = new ZipFile();
  const csv = dataCsv(rows);
  const output = new PassThrough();
  const descriptor = `${JSON.stringify(dataPackageDescriptor(form, rows.columns), null, 2)}\n`;
  zip.addBuffer(Buffer.from(descriptor), 'datapackage.json');
  zip.addReadStream(csv, 'data.csv');
  zip.end();
  pipeline(zip.outputStream, output, () => {});
  csv.on('error', (error) => output.destroy(error));
  // The download broke off: stopping the CSV ends its rows' iteration, which rolls the export back.
  output.on('close', () => {
    csv.destroy();
    rows.abandon();
  });
  return output;
}
