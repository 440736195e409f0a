/**
 * The image list's search finds images by their source file name and, for managers, by their
 * catalogue data ("Box 12", "ledger-1871"); contributors, who cannot see the catalogue, never find
 * an image by it. A search among thousands of images goes through the trigram index.
 */
import { createHash } from 'node:crypto';
import type { ImagesPageResponse } from '@formscribe/common/schemas/form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Form } from '../../models/index.ts';
import { matchingImages } from '../../services/images/imageSearch.ts';
import { recountFormCounters } from '../../services/stats/formCounters.ts';
import { castForm, createImageCast, createImageRow, type ImageCast } from '../../test/imageFactories.ts';
import type { TestClient } from '../../test/testClient.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
let cast: ImageCast;
let form: Form;
beforeAll(async () => {
  server = await startTestServer();
  cast = await createImageCast(server);
  form = await castForm(cast);
  await createImageRow(form, {
    originalName: 'scan-0001.jpg',
    sourceFileName: 'ledger-1871.pdf',
    sourcePage: 212,
    metadata: { box: '12', folder: '3' },
  });
  await createImageRow(form, {
    originalName: 'scan-0002.jpg',
    sourceFileName: 'ledger-1872.pdf',
    sourcePage: 1,
    metadata: { box: '7', folder: '12' },
  });
  await createImageRow(form, { originalName: 'loose-sheet.jpg' });
  // Even a column contributors see stays out of their search.
  await server.deps.knex('form_catalogues').insert({
    form_id: form.id,
    columns: JSON.stringify(['box', 'folder']),
    contributor_columns: JSON.stringify(['box']),
  });
});
afterAll(() => server.stop());

/** The original names of the images `client` finds with `search`, in upload order. */
async function found(client: TestClient, search: string): Promise<string[]> {
  const res = await client.get<ImagesPageResponse>(`/api/forms/${form.id}/images?search=${encodeURIComponent(search)}`);
  expect(res.status, res.text).toBe(200);
  expect(res.body.total).toBe(res.body.images.length);
  return res.body.images.map((image) => image.originalName);
}

describe('GET /api/forms/:id/images?search=', () => {
  it.each([
    ['Box 12', ['scan-0001.jpg']],
    ['box: 12', ['scan-0001.jpg']],
    ['folder 12', ['scan-0002.jpg']],
    ['12', ['scan-0001.jpg', 'scan-0002.jpg']],
    ['ledger-1871', ['scan-0001.jpg']],
    ['LEDGER', ['scan-0001.jpg', 'scan-0002.jpg']],
    ['loose', ['loose-sheet.jpg']],
    ['box 1', ['scan-0001.jpg']],
    ['box%', []],
  ])('a manager searching "%s" finds %j', async (search, names) => {
    expect(await found(cast.ownerClient, search)).toEqual(names);
  });

  it.each([
    ['Box 12', []],
    ['12', []],
    ['box', []],
    ['ledger-1871', ['scan-0001.jpg']],
    ['scan-0002', ['scan-0002.jpg']],
    ['loose', ['loose-sheet.jpg']],
  ])('a contributor searching "%s" finds %j: never by catalogue data', async (search, names) => {
    expect(await found(cast.contributorClient, search)).toEqual(names);
  });

  it('a stranger finds nothing', async () => {
    const res = await cast.strangerClient.get(`/api/forms/${form.id}/images?search=ledger`);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('ledger');
  });
});

describe('among thousands of images', () => {
  const md5 = (text: string) => createHash('md5').update(text).digest('hex');

  it('a search is an index lookup, for managers and contributors alike', async () => {
    const large = await castForm(cast);
    const { knex } = server.deps;
    // Camera names and catalogue references as varied as real ones.
    await knex.raw(
      `INSERT INTO form_images (form_id, filename, original_name, mime_type, size, metadata)
       SELECT ?, 'big-' || n || '.jpg', md5(n::text) || '.jpg', 'image/jpeg', 1,
              jsonb_build_object('box', (n % 40)::text, 'reference', md5('ref' || n))
       FROM generate_series(1, 3000) AS n`,
      [large.id],
    );
    await recountFormCounters(knex, large.id);
    await knex.raw('ANALYZE form_images');
    const searches = [
      { viewer: 'owner', search: md5('ref2999').slice(0, 12), finds: `${md5('2999')}.jpg` },
      { viewer: 'contributor', search: md5('2999').slice(0, 12), finds: `${md5('2999')}.jpg` },
    ] as const;
    for (const { viewer, search, finds } of searches) {
      const sql = matchingImages(large, search, viewer).toKnexQuery().toString();
      const { rows } = await knex.raw<{ rows: { 'QUERY PLAN': string }[] }>(`EXPLAIN ${sql}`);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan, plan).toContain('form_images_search_trgm');
      const client = viewer === 'owner' ? cast.ownerClient : cast.contributorClient;
      const res = await client.get<ImagesPageResponse>(`/api/forms/${large.id}/images?search=${search}`);
      expect(res.body.images.map((image) => image.originalName)).toEqual([finds]);
    }
  });
});
