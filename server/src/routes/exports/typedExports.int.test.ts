/**
 * The exports beside the CSV, through the real route: JSON and XLSX read back with their types,
 * the export ledger as the CSV keeps it, who may export, a format nobody offers, /api/v1's twin,
 * and downloads broken off (nothing stamped, every connection given back).
 */
import { Readable } from 'node:stream';
import type { Codebook } from '@formscribe/common/schemas/codebook';
import { NOTHING_TO_EXPORT } from '@formscribe/common/schemas/consolidated';
import type { FormResponse } from '@formscribe/common/schemas/form';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Form, FormImage, User } from '../../models/index.ts';
import { EXPORT_BATCH_ROWS } from '../../services/exports/exportSnapshot.ts';
import { SESSION_COOKIE } from '../../services/sessions.ts';
import { addImages, person } from '../../test/entryFixtures.ts';
import { grantAccess } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { downloadExport, typedExportForm } from '../../test/typedExportFixtures.ts';
import { createToken, tokenClient } from '../../test/v1Fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const COLUMN_NAMES = ['surname', 'age', 'weight', 'born_on', 'baptised', 'parish', 'alive', 'note'];

interface JsonExport {
  form: { id: number; name: string };
  exportType: string;
  codebook: Codebook;
  rows: Record<string, unknown>[];
}

describe('POST /api/forms/{id}/export format json', () => {
  it('streams the form, its codebook and typed rows under the column names, and keeps the ledger', async () => {
    const { owner, form, imageIds } = await typedExportForm(server);
    const { response, bytes } = await downloadExport(server, owner, form.id, { exportType: 'all', format: 'json' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('Register 1851_verified_data.json')}`,
    );
    expect(response.headers.get('x-export-rows')).toBe('3');
    const body = JSON.parse(bytes.toString('utf8')) as JsonExport;
    expect(body.form).toEqual({ id: form.id, name: 'Register 1851' });
    expect(body.exportType).toBe('all');
    expect(body.codebook.fields.map((f) => f.name)).toEqual(COLUMN_NAMES);
    expect(body.rows).toEqual([
      {
        imageId: imageIds[0],
        filename: 'page-1.jpg',
        surname: 'Smith',
        age: 30,
        weight: 72.5,
        born_on: '1850-03-02',
        baptised: '1850|3|',
        parish: 'North',
        alive: true,
        note: '=1+1',
      },
      {
        imageId: imageIds[1],
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
        imageId: imageIds[2],
        filename: 'page-3.jpg',
        ...Object.fromEntries(COLUMN_NAMES.map((name) => [name, null])),
      },
    ]);
    // `all` stamped every row it sent: nothing is left for "not yet exported".
    const again = await owner.client.post(`/api/forms/${form.id}/export`, {
      exportType: 'not-exported',
      format: 'json',
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: NOTHING_TO_EXPORT });
    const [newImage] = await addImages((await Form.query().findById(form.id)) ?? Form.fromJson({}), 1);
    const fresh = await downloadExport(server, owner, form.id, { exportType: 'not-exported', format: 'json' });
    expect((JSON.parse(fresh.bytes.toString('utf8')) as JsonExport).rows.map((r) => r.imageId)).toEqual([newImage?.id]);
  });

  it('moves the file name column aside when a field already has that column name', async () => {
    const owner = await person(server);
    const created = await owner.client.post<FormResponse>('/api/forms', {
      name: 'Clash',
      fields: [{ id: 'a', type: 'text', label: 'Filename', order: 0 }],
    });
    const row = await Form.query().findById(created.body.id);
    if (row) await addImages(row, 1);
    const { bytes } = await downloadExport(server, owner, created.body.id, { exportType: 'all', format: 'json' });
    const [first] = (JSON.parse(bytes.toString('utf8')) as JsonExport).rows;
    expect(first).toMatchObject({ filename_2: 'page-1.jpg', filename: null });
  });
});

/** A row's cells from column 1 on (exceljs keeps index 0 empty). */
const cells = (row: ExcelJS.Row) => {
  const values = row.values;
  return Array.isArray(values) ? values.slice(1) : [];
};

describe('POST /api/forms/{id}/export format xlsx', () => {
  it('opens in exceljs: a Data sheet with typed cells and a Codebook sheet', async () => {
    const { owner, form, imageIds } = await typedExportForm(server);
    const { response, bytes } = await downloadExport(server, owner, form.id, {
      exportType: 'verified',
      format: 'xlsx',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('content-disposition')).toContain('Register%201851_verified_data.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from([bytes]));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Data', 'Codebook']);

    const data = workbook.getWorksheet('Data');
    if (!data) throw new Error('no Data sheet');
    expect(cells(data.getRow(1))).toEqual(['image_id', 'filename', ...COLUMN_NAMES]);
    expect(cells(data.getRow(2))).toEqual([
      imageIds[0],
      'page-1.jpg',
      'Smith',
      30,
      72.5,
      new Date('1850-03-02T00:00:00Z'),
      '1850|3|',
      'North',
      true,
      '=1+1',
    ]);
    // A text that looks like a formula stays text: the spreadsheet shows it, never runs it.
    expect(data.getRow(2).getCell(10).type).toBe(ExcelJS.ValueType.String);
    expect(data.getRow(2).getCell(6).numFmt).toBe('yyyy-mm-dd');
    expect(cells(data.getRow(3)).slice(2, 9)).toEqual([
      'Zoë, "Jo"',
      4,
      1250.75,
      new Date('1901-12-31T00:00:00Z'),
      '1901||',
      'South',
      false,
    ]);
    expect(data.rowCount).toBe(3); // `verified`: the image with no entry is not complete

    const codebook = workbook.getWorksheet('Codebook');
    if (!codebook) throw new Error('no Codebook sheet');
    expect(cells(codebook.getRow(1))).toEqual([
      'name',
      'label',
      'type',
      'data_type',
      'required',
      'choices',
      'allow_other',
      'min',
      'max',
      'integer',
      'min_length',
      'max_length',
      'pattern',
      'pattern_message',
      'earliest',
      'latest',
      'no_future',
      'unit',
      'help',
    ]);
    const byName = new Map<string, string[]>();
    codebook.eachRow((row) => {
      const text = Array.from({ length: 19 }, (_, i) => row.getCell(i + 1).text);
      byName.set(text[0] ?? '', text);
    });
    expect(byName.get('age')).toEqual(
      ['age', 'Age', 'number', 'integer', 'false', '', '', '0', '120', 'true'].concat(Array(7).fill(''), 'years', ''),
    );
    expect(byName.get('parish')?.slice(0, 7)).toEqual([
      'parish',
      'Parish',
      'select',
      'string',
      'false',
      '1=North|2=South',
      'false',
    ]);
    expect(byName.get('surname')?.[18]).toBe('As spelled');
    expect(codebook.rowCount).toBe(9);
  });

  it('holds every image once, in id order, across the batches it reads, and stamps them all', async () => {
    const { owner, form } = await typedExportForm(server);
    const rows = 2 * EXPORT_BATCH_ROWS + 7;
    await server.knex.raw(
      `INSERT INTO form_images (form_id, filename, original_name, mime_type, size)
       SELECT ?, 'batch-' || ? || '-' || g, 'scan-' || g || '.jpg', 'image/jpeg', 1 FROM generate_series(1, ?) g`,
      [form.id, form.id, rows - 3],
    );
    const ids = (await FormImage.query().where({ formId: form.id }).orderBy('id').select('id')).map((i) => i.id);
    expect(ids).toHaveLength(rows);
    const { response, bytes } = await downloadExport(server, owner, form.id, { exportType: 'all', format: 'xlsx' });
    expect(response.headers.get('x-export-rows')).toBe(String(rows));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from([bytes]));
    const data = workbook.getWorksheet('Data');
    if (!data) throw new Error('no Data sheet');
    const exported: unknown[] = [];
    data.eachRow((row, number) => {
      if (number > 1) exported.push(row.getCell(1).value);
    });
    expect(exported).toEqual(ids);
    expect(await FormImage.query().where({ formId: form.id }).whereNull('exportedAt').resultSize()).toBe(0);
  });
});

describe('POST /api/forms/{id}/export: who and what', () => {
  it('refuses a format nobody offers, contributors and strangers', async () => {
    const { owner, form } = await typedExportForm(server);
    const bad = await owner.client.post(`/api/forms/${form.id}/export`, { exportType: 'all', format: 'sav' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'format must be csv, xlsx, json or datapackage' });
    const contributor = await person(server);
    const row = await Form.query().findById(form.id);
    if (row) await grantAccess(contributor.user, row);
    const asContributor = await contributor.client.post(`/api/forms/${form.id}/export`, {
      exportType: 'verified',
      format: 'xlsx',
    });
    expect(asContributor.status).toBe(403);
    const stranger = await person(server);
    const asStranger = await stranger.client.post(`/api/forms/${form.id}/export`, {
      exportType: 'verified',
      format: 'json',
    });
    expect(asStranger.status).toBe(404);
    expect(await FormImage.query().where({ formId: form.id }).whereNotNull('exportedAt').resultSize()).toBe(0);
  });

  it('/api/v1 exports the same formats; a read token exports `verified` only', async () => {
    const { owner, form } = await typedExportForm(server);
    owner.user = await User.query().patchAndFetchById(owner.user.id, { plan: 'professional' });
    const api = tokenClient(server, await createToken(owner, 'read'));
    const json = await api.post<JsonExport>(`/api/v1/forms/${form.id}/export`, {
      exportType: 'verified',
      format: 'json',
    });
    expect(json.status).toBe(200);
    expect(json.body.rows.map((row) => row.surname)).toEqual(['Smith', 'Zoë, "Jo"']);
    const stamping = await api.post(`/api/v1/forms/${form.id}/export`, { exportType: 'all', format: 'xlsx' });
    expect(stamping.status).toBe(403);
    const ndjson = await api.post(`/api/v1/forms/${form.id}/export`, { exportType: 'verified', format: 'ndjson' });
    expect(ndjson.headers.get('content-type')).toContain('application/x-ndjson');
  });
});

describe('typed exports broken off', () => {
  it('stamp nothing and give their connections back', async () => {
    const { owner, form } = await typedExportForm(server);
    await server.knex.raw(
      `INSERT INTO form_images (form_id, filename, original_name, mime_type, size)
       SELECT ?, 'bulk-' || ? || '-' || g, 'scan-' || g || '-' || repeat('x', 200) || '.jpg', 'image/jpeg', 1
       FROM generate_series(1, 20000) g`,
      [form.id, form.id],
    );
    const cookie = `${SESSION_COOKIE}=${owner.client.cookie(SESSION_COOKIE)}`;
    // More than the test server's pool of 10 connections.
    for (const format of ['xlsx', 'json', 'datapackage', 'xlsx', 'json', 'datapackage'].flatMap((f) => [f, f])) {
      const controller = new AbortController();
      const response = await fetch(`${server.url}/api/forms/${form.id}/export`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url, cookie },
        body: JSON.stringify({ exportType: 'all', format }),
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      await response.body?.getReader().read();
      controller.abort();
    }
    const page = await owner.client.get(`/api/forms/${form.id}/consolidated-data?limit=1`);
    expect(page.status).toBe(200);
    expect(await FormImage.query().where({ formId: form.id }).whereNotNull('exportedAt').resultSize()).toBe(0);
    const whole = await downloadExport(server, owner, form.id, { exportType: 'all', format: 'json' });
    expect((JSON.parse(whole.bytes.toString('utf8')) as JsonExport).rows).toHaveLength(20003);
    expect(await FormImage.query().where({ formId: form.id }).whereNull('exportedAt').resultSize()).toBe(0);
  }, 60_000);
});
