/**
 * Every export carries each image's source and its catalogue metadata: the browser's CSV (one
 * `meta:` column per catalogue column, formula starters neutralised like every other cell), the
 * public API's NDJSON export, and its image and consolidated-data answers. The catalogue itself
 * arrives through the public API here (the browser's route has its own tests).
 */
import type { ImageResponse } from '@formscribe/common/schemas/form';
import type { V1ConsolidatedRow } from '@formscribe/common/schemas/v1';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Form } from '../../models/index.ts';
import type { Person } from '../../test/entryFixtures.ts';
import { createForm } from '../../test/factories.ts';
import { makeJpeg } from '../../test/fixtures/imageFixtures.ts';
import { fileForm, uploadImageOk } from '../../test/imageFactories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { createToken, professionalOwner, type TokenClient, tokenClient } from '../../test/v1Fixtures.ts';

let server: TestServer;
let owner: Person;
let writer: TokenClient;
let form: Form;
const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer();
  owner = await professionalOwner(server);
  writer = tokenClient(server, await createToken(owner, 'read_write'));
  form = await createForm(owner.user, { fields: [{ id: 'name', type: 'text', label: 'Name', order: 0 }] });
  const jpeg = await makeJpeg({ width: 40, height: 30 });
  for (const name of ['box1-001.jpg', 'page-2.jpg', 'plain.jpg']) {
    ids[name] = (await uploadImageOk(owner.client, form.id, jpeg, name)).id;
  }
  // Stands in for a PDF import (a later slice): this image is page 2 of ledger.pdf.
  await server
    .knex('form_images')
    .where({ id: ids['page-2.jpg'] })
    .update({ source_file_name: 'ledger.pdf', source_page: 2 });
  const catalogue =
    'fileName,page,box,note\nbox1-001.jpg,,12,"=HYPERLINK(""http://evil"")"\nledger.pdf,2,7,"Folder 3, loose"\n';
  const res = await owner.client.post(
    `/api/forms/${form.id}/catalogue`,
    fileForm(Buffer.from(catalogue), 'c.csv', 'file', 'text/csv'),
  );
  expect(res.body).toMatchObject({ matched: 2, unmatched: [] });
});
afterAll(() => server.stop());

interface CursorPage<Item> {
  data: Item[];
}

const EXPECTED = {
  'box1-001.jpg': {
    source: { fileName: 'box1-001.jpg', page: null },
    metadata: { box: '12', note: '=HYPERLINK("http://evil")' },
  },
  'page-2.jpg': { source: { fileName: 'ledger.pdf', page: 2 }, metadata: { box: '7', note: 'Folder 3, loose' } },
  'plain.jpg': { source: { fileName: 'plain.jpg', page: null }, metadata: {} },
};

const byOriginalName = <T extends { source: unknown; metadata: unknown }>(rows: T[], name: (row: T) => string) =>
  Object.fromEntries(rows.map((row) => [name(row), { source: row.source, metadata: row.metadata }]));

describe('exports carry the source and the catalogue metadata', () => {
  it('CSV: source columns, then one meta: column per catalogue column, formulas neutralised', async () => {
    const res = await owner.client.post(`/api/forms/${form.id}/export`, { exportType: 'all' });
    expect(res.status).toBe(200);
    const [header, ...rows] = parse(res.text, { bom: true }) as string[][];
    expect(header?.slice(5)).toEqual(['Name', 'Source File', 'Source Page', 'meta:box', 'meta:note']);
    expect(rows.map((row) => row.slice(1, 2).concat(row.slice(6)))).toEqual([
      ['box1-001.jpg', 'box1-001.jpg', '', '12', `'=HYPERLINK("http://evil")`],
      ['page-2.jpg', 'ledger.pdf', '2', '7', 'Folder 3, loose'],
      ['plain.jpg', 'plain.jpg', '', '', ''],
    ]);
  });

  it('NDJSON (/api/v1 export): each row with its source and metadata', async () => {
    const res = await writer.post(`/api/v1/forms/${form.id}/export`, { exportType: 'verified', format: 'ndjson' });
    expect(res.status).toBe(400); // nothing verified: the verified export is empty
    const all = await writer.post(`/api/v1/forms/${form.id}/export`, { exportType: 'all', format: 'ndjson' });
    expect(all.status).toBe(200);
    const lines = all.text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as V1ConsolidatedRow);
    expect(byOriginalName(lines, (row) => row.originalName)).toEqual(EXPECTED);
  });

  it('/api/v1 images and consolidated data carry them too', async () => {
    const images = await writer.get<CursorPage<ImageResponse>>(`/api/v1/forms/${form.id}/images`);
    expect(images.status).toBe(200);
    expect(byOriginalName(images.body.data, (image) => image.originalName)).toEqual(EXPECTED);
    const data = await writer.get<CursorPage<V1ConsolidatedRow>>(`/api/v1/forms/${form.id}/consolidated-data`);
    expect(byOriginalName(data.body.data, (row) => row.originalName)).toEqual(EXPECTED);
  });
});
