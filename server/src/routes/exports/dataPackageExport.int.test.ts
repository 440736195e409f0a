/**
 * The Data Package export as a researcher's tools meet it: the ZIP holds datapackage.json and
 * data.csv; the descriptor validates against Frictionless Data's own profiles (data-package, and
 * tabular-data-package, which holds the Table Schema's rules), as shipped by their `datapackage`
 * library; and a small reader that knows only the Table Schema reads data.csv back with the
 * right JavaScript types.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { Package, Profile } from 'datapackage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormImage } from '../../models/index.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { downloadExport, typedExportForm, unzip } from '../../test/typedExportFixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

interface SchemaField {
  name: string;
  title?: string;
  description?: string;
  type: string;
  format?: string;
  constraints?: Record<string, unknown>;
}
interface Descriptor {
  profile: string;
  name: string;
  title: string;
  resources: {
    name: string;
    path: string;
    format: string;
    mediatype: string;
    encoding: string;
    schema: { fields: SchemaField[]; missingValues: string[]; primaryKey: string[] };
  }[];
}

/**
 * A cell as the Table Schema says to read it (the parts of the spec our types use): missing
 * values are null, integers and numbers are JavaScript numbers, booleans true/false, dates stay
 * ISO text (checked as such), strings as they are.
 */
function castCell(field: SchemaField, text: string, missing: string[]): unknown {
  if (missing.includes(text)) return null;
  switch (field.type) {
    case 'integer':
      if (!/^[+-]?\d+$/.test(text)) throw new Error(`${field.name}: ${text} is not an integer`);
      return Number(text);
    case 'number': {
      const value = Number(text);
      if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text) || !Number.isFinite(value)) {
        throw new Error(`${field.name}: ${text} is not a number`);
      }
      return value;
    }
    case 'boolean':
      if (['true', 'True', 'TRUE', '1'].includes(text)) return true;
      if (['false', 'False', 'FALSE', '0'].includes(text)) return false;
      throw new Error(`${field.name}: ${text} is not a boolean`);
    case 'date':
      if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) throw new Error(`${field.name}: ${text} is not a date`);
      return text;
    default:
      return text;
  }
}

function readTyped(descriptor: Descriptor, csv: string): Record<string, unknown>[] {
  const { schema } = descriptor.resources[0] ?? { schema: { fields: [], missingValues: [''] } };
  const [header, ...rows] = parse(csv, { bom: false }) as string[][];
  expect(header).toEqual(schema.fields.map((f) => f.name));
  return rows.map((row) =>
    Object.fromEntries(
      schema.fields.map((field, i) => [field.name, castCell(field, row[i] ?? '', schema.missingValues)]),
    ),
  );
}

describe('POST /api/forms/{id}/export format datapackage', () => {
  it('is a valid Frictionless Data Package whose CSV reads back typed', async () => {
    const { owner, form, imageIds } = await typedExportForm(server, 'Régistre 1851');
    const { response, bytes } = await downloadExport(server, owner, form.id, {
      exportType: 'all',
      format: 'datapackage',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('Régistre 1851_verified_data.zip')}`,
    );
    const files = await unzip(bytes);
    expect([...files.keys()].sort()).toEqual(['data.csv', 'datapackage.json']);
    const descriptor = JSON.parse(files.get('datapackage.json')?.toString('utf8') ?? '') as Descriptor;

    // Frictionless's own profiles, as their library validates with them.
    const dataPackage = (await Profile.load('data-package')).validate(descriptor);
    expect(dataPackage.errors.map((e) => e.message)).toEqual([]);
    const tabular = (await Profile.load('tabular-data-package')).validate(descriptor);
    expect(tabular.errors.map((e) => e.message)).toEqual([]);
    // And the whole package as the library opens a ZIP a researcher downloaded.
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'datapackage-'));
    const zipPath = path.join(folder, 'export.zip');
    await fs.writeFile(zipPath, bytes);
    const opened = await Package.load(zipPath);
    expect(opened.errors.map((e) => e.message)).toEqual([]);
    expect(opened.valid).toBe(true);
    await fs.rm(folder, { recursive: true, force: true });

    expect(descriptor).toMatchObject({
      profile: 'tabular-data-package',
      name: 'registre-1851',
      title: 'Régistre 1851',
    });
    const [resource] = descriptor.resources;
    expect(resource).toMatchObject({
      name: 'data',
      path: 'data.csv',
      format: 'csv',
      mediatype: 'text/csv',
      encoding: 'utf-8',
    });
    expect(resource?.schema.fields).toEqual([
      { name: 'image_id', title: 'Image ID', type: 'integer', constraints: { required: true, unique: true } },
      { name: 'filename', title: 'Image', type: 'string', constraints: { required: true } },
      {
        name: 'surname',
        title: 'Surname',
        description: 'As spelled',
        type: 'string',
        constraints: { maxLength: 40 },
      },
      { name: 'age', title: 'Age', type: 'integer', constraints: { minimum: 0, maximum: 120 } },
      { name: 'weight', title: 'Weight', type: 'number' },
      { name: 'born_on', title: 'Born on', type: 'date', constraints: { minimum: '1800-01-01' } },
      { name: 'baptised', title: 'Baptised', type: 'string' },
      { name: 'parish', title: 'Parish', type: 'string', constraints: { enum: ['North', 'South'] } },
      { name: 'alive', title: 'Alive', type: 'boolean' },
      { name: 'note', title: 'Note', type: 'string' },
    ]);

    const rows = readTyped(descriptor, files.get('data.csv')?.toString('utf8') ?? '');
    expect(rows).toEqual([
      {
        image_id: imageIds[0],
        filename: 'page-1.jpg',
        surname: 'Smith',
        age: 30,
        weight: 72.5,
        born_on: '1850-03-02',
        baptised: '1850|3|',
        parish: 'North',
        alive: true,
        note: "'=1+1", // neutralised for spreadsheets, as in every CSV the app writes
      },
      {
        image_id: imageIds[1],
        filename: 'page-2.jpg',
        surname: 'Zoë, "Jo"',
        age: 4,
        weight: 1250.75,
        born_on: '1901-12-31',
        baptised: '1901||',
        parish: 'South',
        alive: false,
        note: null,
      },
      {
        image_id: imageIds[2],
        filename: 'page-3.jpg',
        surname: null,
        age: null,
        weight: null,
        born_on: null,
        baptised: null,
        parish: null,
        alive: null,
        note: null,
      },
    ]);
    // The ledger as for CSV: `all` stamped the rows it sent, once the ZIP was complete.
    expect(await FormImage.query().where({ formId: form.id }).whereNull('exportedAt').resultSize()).toBe(0);
  });
});
