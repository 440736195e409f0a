/**
 * Reading one image as a client written against the spec does: GET /api/images/{id} is the file for
 * an `<img src>` and the JSON for fetch, and Previous/Next on the entry page reach every image
 * through the image's neighbours, however many the form has.
 */
import type { ImageResponse, ImagesPageResponse } from '@formscribe/common/schemas/form';
import {
  ENTRY_IMAGE_LIST_LIMIT,
  type EntryResponse,
  type ImageNeighboursResponse,
} from '@formscribe/common/schemas/submission';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImages, censusForm, person } from '../../test/entryFixtures.ts';
import { makePng } from '../../test/fixtures/imageFixtures.ts';
import { castForm, createImageCast, type ImageCast, uploadImageOk } from '../../test/imageFactories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

/** What Chromium sends for an `<img src>`. */
const IMG_TAG_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

let server: TestServer;
let cast: ImageCast;
beforeAll(async () => {
  server = await startTestServer();
  cast = await createImageCast(server);
});
afterAll(() => server.stop());

describe('GET /api/images/{id}', () => {
  it('is the file for a request that accepts an image, and the JSON otherwise, keyed on Accept', async () => {
    const form = await castForm(cast);
    const png = await makePng(600, 400);
    const uploaded = await uploadImageOk(cast.ownerClient, form.id, png, 'page.png');

    const file = await cast.contributorClient.get(`/api/images/${uploaded.id}`, {
      headers: { accept: IMG_TAG_ACCEPT },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Number(file.headers.get('content-length'))).toBe(uploaded.size);
    expect(file.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(file.headers.get('vary')).toMatch(/accept/i);
    // The very bytes the image proxy serves.
    const proxied = await cast.contributorClient.get(uploaded.publicUrl);
    expect(file.text).toBe(proxied.text);

    const etag = file.headers.get('etag') ?? '';
    const again = await cast.contributorClient.get(`/api/images/${uploaded.id}`, {
      headers: { accept: IMG_TAG_ACCEPT, 'if-none-match': etag },
    });
    expect(again.status).toBe(304);

    for (const accept of ['application/json', '*/*']) {
      const json = await cast.contributorClient.get<ImageResponse>(`/api/images/${uploaded.id}`, {
        headers: { accept },
      });
      expect(json.status).toBe(200);
      expect(json.headers.get('content-type')).toMatch(/^application\/json/);
      expect(json.body).toMatchObject({ id: uploaded.id, originalName: 'page.png', entryCount: 0 });
      expect(json.headers.get('vary')).toMatch(/accept/i);
      // Entry counts and completion change with every entry: the JSON is never served from a cache.
      expect(json.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('serves the file to nobody who may not see the image', async () => {
    const form = await castForm(cast);
    const uploaded = await uploadImageOk(cast.ownerClient, form.id, await makePng(), 'private.png');
    const headers = { accept: IMG_TAG_ACCEPT };
    expect((await cast.strangerClient.get(`/api/images/${uploaded.id}`, { headers })).status).toBe(404);
    expect((await cast.signedOut.get(`/api/images/${uploaded.id}`, { headers })).status).toBe(401);
  });
});

describe('GET /api/images/{id}/neighbours', () => {
  it('gives Previous and Next past the entry list, up to the last image of a large form', async () => {
    const { form, images: [first] = [] } = await censusForm(server, { images: 1 });
    const later = await addImages(form, ENTRY_IMAGE_LIST_LIMIT + 1);
    const byNumber = [first, ...later];
    const contributor = await person(server, form);

    // The entry read lists only the first images: the last one is not among them.
    const entry = await contributor.client.get<EntryResponse>(`/api/forms/${form.id}/entry`);
    expect(entry.body.images).toHaveLength(ENTRY_IMAGE_LIST_LIMIT);
    expect(entry.body.totalImages).toBe(ENTRY_IMAGE_LIST_LIMIT + 2);

    const neighbours = (id: number | undefined) =>
      contributor.client.get<ImageNeighboursResponse>(`/api/images/${id}/neighbours`);
    const beyondList = byNumber[ENTRY_IMAGE_LIST_LIMIT];
    expect((await neighbours(beyondList?.id)).body).toEqual({
      imageId: beyondList?.id,
      number: ENTRY_IMAGE_LIST_LIMIT + 1,
      totalImages: ENTRY_IMAGE_LIST_LIMIT + 2,
      previousImageId: byNumber[ENTRY_IMAGE_LIST_LIMIT - 1]?.id,
      nextImageId: byNumber[ENTRY_IMAGE_LIST_LIMIT + 1]?.id,
    });
    const last = byNumber.at(-1);
    expect((await neighbours(last?.id)).body).toMatchObject({
      number: ENTRY_IMAGE_LIST_LIMIT + 2,
      previousImageId: beyondList?.id,
      nextImageId: null,
    });
    expect((await neighbours(first?.id)).body).toMatchObject({
      number: 1,
      previousImageId: null,
      nextImageId: byNumber[1]?.id,
    });
  });

  it('closes the gap when an image between is deleted, and is 404 to outsiders', async () => {
    const { owner, images } = await censusForm(server, { images: 3 });
    const [first, middle, last] = images;
    await owner.client.delete(`/api/images/${middle?.id}`);
    const res = await owner.client.get<ImageNeighboursResponse>(`/api/images/${first?.id}/neighbours`);
    expect(res.body).toMatchObject({ number: 1, totalImages: 2, previousImageId: null, nextImageId: last?.id });
    expect((await cast.strangerClient.get(`/api/images/${first?.id}/neighbours`)).status).toBe(404);
  });
});

describe('GET /api/forms/{id}/images?search=', () => {
  it('finds images by part of their name or by number, in upload order, past the first pages', async () => {
    const { owner, form } = await censusForm(server, { images: 0 });
    const images = await addImages(form, 150);
    const search = async (text: string, limit = 20) =>
      (
        await owner.client.get<ImagesPageResponse>(
          `/api/forms/${form.id}/images?search=${encodeURIComponent(text)}&limit=${limit}`,
        )
      ).body;

    const found = await search('page-14');
    // page-14 and page-140 … page-149, by number.
    expect(found.images.map((image) => image.originalName)).toEqual([
      'page-14.jpg',
      ...Array.from({ length: 10 }, (_, i) => `page-14${i}.jpg`),
    ]);
    expect(found.total).toBe(11);
    expect((await search('#150')).images.map((image) => image.id)).toEqual([images[149]?.id]);
    expect((await search('PAGE-', 100)).total).toBe(150);
    expect((await search('100%_')).total).toBe(0);
    expect((await cast.strangerClient.get(`/api/forms/${form.id}/images?search=page`)).status).toBe(404);
  });
});
