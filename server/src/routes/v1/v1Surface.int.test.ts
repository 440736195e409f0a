/**
 * What a script with a token gets from /api/v1: forms, images (cursor pages, upload, file),
 * submissions and consolidated data (cursor pages that stay stable while rows are added), the
 * export as CSV and NDJSON with the browser's export ledger, stats and webhook deliveries,
 * ETags with 304, and scopes (a read token cannot write).
 */
import { MESSAGES } from '@formscribe/common/messages';
import type { FormResponse, ImageResponse } from '@formscribe/common/schemas/form';
import type { SubmissionResponse } from '@formscribe/common/schemas/submission';
import type { V1ConsolidatedRow } from '@formscribe/common/schemas/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Form } from '../../models/index.ts';
import { addImages, CENSUS_FIELDS, type Person, person } from '../../test/entryFixtures.ts';
import { createForm } from '../../test/factories.ts';
import { makeJpeg } from '../../test/fixtures/imageFixtures.ts';
import { fileForm } from '../../test/imageFactories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { createToken, professionalOwner, type TokenClient, tokenClient } from '../../test/v1Fixtures.ts';

interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

let server: TestServer;
let owner: Person;
let form: Form;
let reader: TokenClient;
let writer: TokenClient;

beforeAll(async () => {
  server = await startTestServer();
  owner = await professionalOwner(server);
  form = await createForm(owner.user, { name: 'Parish census', fields: CENSUS_FIELDS });
  reader = tokenClient(server, await createToken(owner, 'read'));
  writer = tokenClient(server, await createToken(owner, 'read_write'));
});
afterAll(() => server.stop());

/** Every row of a cursor-paged list, page by page; `between` runs after each page. */
async function walk<T>(client: TokenClient, path: string, between: () => Promise<void> = async () => {}) {
  const rows: T[] = [];
  let cursor: string | null = null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const res: { status: number; body: Page<T> } = await client.get<Page<T>>(
      cursor ? `${path}${separator}cursor=${cursor}` : path,
    );
    expect(res.status).toBe(200);
    rows.push(...res.body.data);
    cursor = res.body.nextCursor;
    await between();
  } while (cursor);
  return rows;
}

async function submit(contributor: Person, imageId: number, data: Record<string, unknown>) {
  const res = await contributor.client.post(`/api/forms/${form.id}/submissions`, { imageId, data });
  expect(res.status).toBe(201);
}

describe('forms', () => {
  it('lists the owner’s forms and reads one with its fields', async () => {
    const list = await reader.get<{ data: FormResponse[] }>('/api/v1/forms');
    expect(list.body.data.map((each) => each.id)).toEqual([form.id]);
    const one = await reader.get<FormResponse>(`/api/v1/forms/${form.id}`);
    expect(one.body).toMatchObject({ id: form.id, name: 'Parish census', canManage: true });
    expect(one.body.fields.map((field) => field.id)).toEqual(CENSUS_FIELDS.map((field) => field.id));
  });
});

describe('cursor pages', () => {
  it('walk every image exactly once while new images keep arriving', async () => {
    const pagedForm = await createForm(owner.user, { name: 'Paged' });
    const first = await addImages(pagedForm, 7);
    const added: number[] = [];
    const seen = await walk<ImageResponse>(reader, `/api/v1/forms/${pagedForm.id}/images?limit=3`, async () => {
      added.push(...(await addImages(pagedForm, 2)).map((image) => image.id));
    });
    const ids = seen.map((image) => image.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // Every image there at the start is seen; images added meanwhile come after them, never in between.
    expect(ids.slice(0, 7)).toEqual(first.map((image) => image.id));
    expect(ids.slice(7).every((id) => added.includes(id))).toBe(true);
  });

  it('refuses a cursor that is not one', async () => {
    const res = await reader.get(`/api/v1/forms/${form.id}/images?cursor=abc`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: MESSAGES.apiCursorInvalid });
  });
});

describe('data', () => {
  it('pages submissions and consolidated data with each field’s status and value', async () => {
    const [one, two] = await addImages(form, 2);
    if (!one || !two) throw new Error('no images');
    const contributor = await person(server, form);
    await submit(contributor, one.id, { name: 'Ada Lovelace', age: '36' });

    const submissions = await walk<SubmissionResponse>(reader, `/api/v1/forms/${form.id}/submissions?limit=1`);
    expect(submissions).toEqual([
      expect.objectContaining({ imageId: one.id, data: expect.objectContaining({ name: 'Ada Lovelace' }) }),
    ]);

    const rows = await walk<V1ConsolidatedRow>(reader, `/api/v1/forms/${form.id}/consolidated-data?limit=1`);
    const verified = rows.find((row) => row.imageId === one.id);
    expect(verified?.fields.name).toEqual({ isVerified: true, verifiedValue: 'Ada Lovelace' });
    expect(verified?.fields.age).toEqual({ isVerified: true, verifiedValue: '36' });
    expect(Object.keys(verified?.fields ?? {})).not.toContain('gap');
    expect(rows.find((row) => row.imageId === two.id)?.fields.name).toEqual({ isVerified: false, verifiedValue: null });
  });

  it('exports NDJSON and CSV; `all` stamps the rows and needs a read-and-write token', async () => {
    const exportForm = await createForm(owner.user, { name: 'Export me', fields: CENSUS_FIELDS });
    await addImages(exportForm, 3);
    const path = `/api/v1/forms/${exportForm.id}/export`;

    const ndjson = await reader.post(path, { exportType: 'verified', format: 'ndjson' });
    expect(ndjson.status).toBe(400); // nothing verified yet
    const refused = await reader.post(path, { exportType: 'all', format: 'ndjson' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: MESSAGES.apiTokenReadOnly });

    const all = await writer.post(path, { exportType: 'all', format: 'ndjson' });
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toContain('application/x-ndjson');
    expect(all.headers.get('x-export-rows')).toBe('3');
    const lines = all.text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as V1ConsolidatedRow);
    expect(lines).toHaveLength(3);
    expect(lines[0]?.fields.name).toEqual({ isVerified: false, verifiedValue: null });
    const stamped = await server.knex('form_images').where({ form_id: exportForm.id }).whereNotNull('exported_at');
    expect(stamped).toHaveLength(3);

    expect((await writer.post(path, { exportType: 'not-exported', format: 'csv' })).status).toBe(400);
    const csv = await writer.post(path, { exportType: 'all' });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text.split('\r\n')[0]).toContain('Image ID');
    expect(csv.text.trimEnd().split('\r\n')).toHaveLength(4);
  });

  it('gives verification stats and webhook deliveries', async () => {
    const stats = await reader.get(`/api/v1/forms/${form.id}/verification-stats`);
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({ totalImages: expect.any(Number), completedImages: expect.any(Number) });
    const deliveries = await reader.get(`/api/v1/forms/${form.id}/webhook-deliveries`);
    expect(deliveries.body).toEqual({ deliveries: [] });
  });
});

describe('images', () => {
  it('uploads with a read-and-write token only, then reads the image and its file (304 when unchanged)', async () => {
    const jpeg = await makeJpeg();
    const refused = await reader.post(`/api/v1/forms/${form.id}/images`, fileForm(jpeg));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: MESSAGES.apiTokenReadOnly });

    const uploaded = await writer.post<ImageResponse>(`/api/v1/forms/${form.id}/images`, fileForm(jpeg, 'page.jpg'));
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ formId: form.id, originalName: 'page.jpg', mimeType: 'image/jpeg' });

    const image = await reader.get<ImageResponse>(`/api/v1/images/${uploaded.body.id}`);
    expect(image.body.id).toBe(uploaded.body.id);
    const file = await reader.get(`/api/v1/images/${uploaded.body.id}/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    const etag = file.headers.get('etag') ?? '';
    const again = await reader.get(`/api/v1/images/${uploaded.body.id}/file`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });
});

describe('ETags', () => {
  it('a JSON read answers 304 to its ETag until the data changes', async () => {
    const path = `/api/v1/forms/${form.id}/verification-stats`;
    const first = await reader.get(path);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    const same = await reader.get(path, { headers: { 'if-none-match': etag ?? '' } });
    expect(same.status).toBe(304);
    expect(same.text).toBe('');
    await addImages(form, 1);
    const changed = await reader.get(path, { headers: { 'if-none-match': etag ?? '' } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });
});
