import type { ConsolidatedResponse } from '@formscribe/common/schemas/consolidated';
import { NOTHING_TO_EXPORT } from '@formscribe/common/schemas/consolidated';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Form, FormImage } from '../../models/index.ts';
import { addImages, censusForm, person } from '../../test/entryFixtures.ts';
import { createForm } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const entry = { name: 'Anna', age: '30', born: '1890|3|', parish: 'North', alive: true };

describe('GET /api/forms/{id}/consolidated-data', () => {
  it('gives one row per image with field_{label} values and statuses, filtered, sorted and paged', async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 1, images: 3 });
    const contributor = await person(server, form);
    await contributor.client.post(`/api/forms/${form.id}/submissions`, { imageId: images[1]?.id, data: entry });
    const res = await owner.client.get<ConsolidatedResponse>(`/api/forms/${form.id}/consolidated-data?sort=completion`);
    expect(res.body.columns.map((c) => [c.key, c.required])).toEqual([
      ['field_Name', true],
      ['field_Age', false],
      ['field_Born', false],
      ['field_Parish', false],
      ['field_Alive', false],
    ]);
    expect(res.body.total).toBe(3);
    expect(res.body.rows[0]).toMatchObject({
      image_id: images[1]?.id,
      image_filename: 'page-2.jpg',
      completion_percentage: '100%',
      manually_completed: false,
      field_Name: 'Anna',
      field_Name_status: 'verified',
      field_Alive: 'true',
    });
    expect(res.body.rows[1]).toMatchObject({
      completion_percentage: '0%',
      field_Name: '',
      field_Name_status: 'unverified',
    });

    const paged = await owner.client.get<ConsolidatedResponse>(
      `/api/forms/${form.id}/consolidated-data?limit=2&page=2`,
    );
    expect(paged.body).toMatchObject({ total: 3, page: 2, totalPages: 2 });
    expect(paged.body.rows.map((r) => r.image_filename)).toEqual(['page-3.jpg']);
    const searched = await owner.client.get<ConsolidatedResponse>(
      `/api/forms/${form.id}/consolidated-data?search=page-3`,
    );
    expect(searched.body.total).toBe(1);
    expect((await owner.client.get(`/api/forms/${form.id}/consolidated-data?filter=bogus`)).status).toBe(400);
    expect((await contributor.client.get(`/api/forms/${form.id}/consolidated-data`)).status).toBe(403);
  });
});

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('POST /api/forms/{id}/export', () => {
  it('keeps an export ledger: all → not-exported is empty → a new entry → exactly that image', async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 1, images: 3 });
    await Form.query().findById(form.id).patch({ name: 'Registre paroissial é' });
    const contributor = await person(server, form);
    await contributor.client.post(`/api/forms/${form.id}/submissions`, { imageId: images[0]?.id, data: entry });

    const all = await owner.client.post(`/api/forms/${form.id}/export`, { exportType: 'all' });
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toContain('text/csv');
    expect(all.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('Registre paroissial é_verified_data.csv')}`,
    );
    const rows = parseCsv(all.text);
    expect(rows[0]).toEqual([
      'Image ID',
      'Image',
      'Completion',
      'Last Submission',
      'Manually Completed',
      'Name',
      'Age',
      'Born',
      'Parish',
      'Alive',
      'Source File',
      'Source Page',
    ]);
    expect(rows).toHaveLength(4);
    expect(rows[1]?.slice(5, -2)).toEqual(['Anna', '30', '1890|3|', 'North', 'true']);
    expect(await FormImage.query().where({ formId: form.id }).whereNull('exportedAt').resultSize()).toBe(0);

    const empty = await owner.client.post(`/api/forms/${form.id}/export`, { exportType: 'not-exported' });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ message: NOTHING_TO_EXPORT });

    await contributor.client.post(`/api/forms/${form.id}/submissions`, { imageId: images[2]?.id, data: entry });
    const fresh = await owner.client.post(`/api/forms/${form.id}/export`, { exportType: 'not-exported' });
    expect(fresh.headers.get('content-disposition')).toContain('_not_yet_exported_data.csv');
    const freshRows = parseCsv(fresh.text);
    expect(freshRows.slice(1).map((r) => r[1])).toEqual(['page-3.jpg']);
    expect((await owner.client.post(`/api/forms/${form.id}/export`, { exportType: 'not-exported' })).status).toBe(400);

    const verified = await owner.client.post(`/api/forms/${form.id}/export`, { exportType: 'verified' });
    expect(
      parseCsv(verified.text)
        .slice(1)
        .map((r) => r[1]),
    ).toEqual(['page-1.jpg', 'page-3.jpg']);
    const exported = await owner.client.get<ConsolidatedResponse>(
      `/api/forms/${form.id}/consolidated-data?filter=exported`,
    );
    expect(exported.body.total).toBe(3);
  });

  it('starts with a UTF-8 byte order mark so spreadsheets read accents right', async () => {
    const { owner, form, images } = await censusForm(server, { images: 1 });
    const contributor = await person(server, form);
    await contributor.client.post(`/api/forms/${form.id}/submissions`, {
      imageId: images[0]?.id,
      data: { name: 'Zoë' },
    });
    const response = await fetch(`${server.url}/api/forms/${form.id}/export`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: server.url,
        cookie: `formscribe_session=${owner.client.cookie('formscribe_session')}`,
      },
      body: JSON.stringify({ exportType: 'all' }),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('Zoë');
  });

  it('neutralises formulas and quotes cells as RFC 4180 says', async () => {
    const fields = [{ id: 'n', type: 'text', label: 'Note, "quoted"', order: 0 }];
    const { owner, form, images } = await censusForm(server, { images: 5 });
    await Form.query()
      .findById(form.id)
      .patch({ fields: JSON.stringify(fields) as never });
    const contributor = await person(server, form);
    const nasty = ['=HYPERLINK("http://evil")', '+1+2', '-3', '@SUM(A1)', 'line\nbreak'];
    for (const [index, value] of nasty.entries()) {
      const res = await contributor.client.post(`/api/forms/${form.id}/submissions`, {
        imageId: images[index]?.id,
        data: { n: value },
      });
      expect(res.status).toBe(201);
    }
    const csv = (await owner.client.post(`/api/forms/${form.id}/export`, { exportType: 'all' })).text;
    const rows = parseCsv(csv);
    expect(rows[0]?.[5]).toBe('Note, "quoted"');
    expect(rows.slice(1).map((r) => r[5])).toEqual([
      '\'=HYPERLINK("http://evil")',
      "'+1+2",
      "'-3",
      "'@SUM(A1)",
      'line\nbreak',
    ]);
  });

  it('refuses a bad type, a contributor, and an empty form', async () => {
    const { owner, form } = await censusForm(server, { images: 0 });
    const contributor = await person(server, form);
    expect((await owner.client.post(`/api/forms/${form.id}/export`, { exportType: 'everything' })).status).toBe(400);
    expect((await contributor.client.post(`/api/forms/${form.id}/export`, { exportType: 'all' })).status).toBe(403);
    expect((await owner.client.post(`/api/forms/${form.id}/export`, { exportType: 'all' })).body).toEqual({
      message: NOTHING_TO_EXPORT,
    });
  });

  it('a download that breaks off stamps nothing', async () => {
    const { owner, form } = await censusForm(server, { images: 0 });
    await server.knex.raw(
      `INSERT INTO form_images (form_id, filename, original_name, mime_type, size)
       SELECT ?, 'bulk-' || ? || '-' || g, 'scan-' || g || '-' || repeat('x', 200) || '.jpg', 'image/jpeg', 1
       FROM generate_series(1, 20000) g`,
      [form.id, form.id],
    );
    const controller = new AbortController();
    const response = await fetch(`${server.url}/api/forms/${form.id}/export`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: server.url,
        cookie: `formscribe_session=${owner.client.cookie('formscribe_session')}`,
      },
      body: JSON.stringify({ exportType: 'all' }),
      signal: controller.signal,
    });
    expect(response.headers.get('x-export-rows')).toBe('20000');
    const reader = response.body?.getReader();
    await reader?.read();
    controller.abort();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await FormImage.query().where({ formId: form.id }).whereNotNull('exportedAt').resultSize()).toBe(0);
    const complete = await owner.client.post(`/api/forms/${form.id}/export`, { exportType: 'not-exported' });
    expect(parseCsv(complete.text)).toHaveLength(20001);
    expect(await FormImage.query().where({ formId: form.id }).whereNull('exportedAt').resultSize()).toBe(0);
  });
});

describe('consolidated data and CSV keep what contributors typed', () => {
  const LEDGER_FIELDS = [
    { id: 'ref', type: 'text', label: 'Reference', order: 0 },
    { id: 'amount', type: 'number', label: 'Amount', order: 1 },
    { id: 'notes', type: 'textarea', label: 'Notes', order: 2 },
    { id: 'name', type: 'text', label: 'Name', order: 3 },
    { id: 'email', type: 'email', label: 'E-mail', order: 4 },
  ];
  const NOTES = 'Paid in two parts:\n  first in March,\nthen in May.';

  /** Three people enter the same page, each in their own way; all three agree on every field. */
  async function ledgerAgreedByThree() {
    const owner = await person(server);
    const form = await createForm(owner.user, { fields: LEDGER_FIELDS, requiredEntriesPerImage: 3 });
    const [image] = await addImages(form, 1);
    if (!image) throw new Error('no image');
    const entries = [
      { ref: '007', amount: '12000.5', notes: NOTES, name: 'José', email: 'anna@example.org' },
      {
        ref: '007',
        amount: '0012,000.50',
        notes: 'Paid in two parts: first in March, then in May.',
        name: 'José',
        email: 'Anna@Example.org',
      },
      { ref: '007', amount: '0012,000.50', notes: NOTES, name: 'José', email: 'Anna@Example.org' },
    ];
    for (const data of entries) {
      const contributor = await person(server, form);
      const res = await contributor.client.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data });
      expect(res.status).toBe(201);
    }
    return { owner, form };
  }

  const AS_TYPED = {
    field_Reference: '007',
    field_Amount: '0012,000.50',
    field_Notes: NOTES,
    field_Name: 'José',
    'field_E-mail': 'Anna@Example.org',
  };

  it('the consolidated view shows the written form most entries used, not the comparison form', async () => {
    const { owner, form } = await ledgerAgreedByThree();
    const res = await owner.client.get<ConsolidatedResponse>(`/api/forms/${form.id}/consolidated-data`);
    expect(res.body.rows[0]).toMatchObject({
      ...AS_TYPED,
      completion_percentage: '100%',
      field_Amount_status: 'verified',
    });
  });

  it('the CSV holds the entered text exactly, a line break inside a quoted cell', async () => {
    const { owner, form } = await ledgerAgreedByThree();
    const csv = (await owner.client.post(`/api/forms/${form.id}/export`, { exportType: 'all' })).text;
    expect(csv).toContain(`,007,"0012,000.50","${NOTES}",José,Anna@Example.org,`);
    expect(parseCsv(csv)[1]?.slice(5, -2)).toEqual(Object.values(AS_TYPED));
  });
});
