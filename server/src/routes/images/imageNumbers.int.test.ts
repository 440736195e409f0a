/**
 * "Image N" is the image's position in upload order, stored on its row: uploads append, deletes
 * move the later images down, and every answer that shows a number agrees with the grid.
 */
import type { ImageResponse, ImagesPageResponse } from '@formscribe/common/schemas/form';
import type { NextImageResponse } from '@formscribe/common/schemas/submission';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg } from '../../test/fixtures/imageFixtures.ts';
import { castForm, createImageCast, type ImageCast, uploadImageOk } from '../../test/imageFactories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
let cast: ImageCast;
beforeAll(async () => {
  server = await startTestServer();
  cast = await createImageCast(server);
});
afterAll(() => server.stop());

const FIELDS = [{ id: 'name', type: 'text', label: 'Name', order: 0, required: true }];

async function gridNumbers(formId: number): Promise<Array<[number, number]>> {
  const res = await cast.ownerClient.get<ImagesPageResponse>(`/api/forms/${formId}/images?limit=2`);
  const rest = await cast.ownerClient.get<ImagesPageResponse>(`/api/forms/${formId}/images?limit=2&page=2`);
  const third = await cast.ownerClient.get<ImagesPageResponse>(`/api/forms/${formId}/images?limit=2&page=3`);
  return [...res.body.images, ...rest.body.images, ...third.body.images].map((i) => [i.id, i.number]);
}

describe('image numbers after uploads and deletes', () => {
  it('stay positions in upload order on the grid, the image page and the entry page', async () => {
    const form = await castForm(cast, { fields: FIELDS });
    const jpeg = await makeJpeg({ width: 40, height: 30 });
    const uploaded: ImageResponse[] = [];
    for (let i = 0; i < 4; i++) uploaded.push(await uploadImageOk(cast.ownerClient, form.id, jpeg));
    expect(uploaded.map((i) => i.number)).toEqual([1, 2, 3, 4]);
    const [a, b, c, d] = uploaded.map((i) => i.id);

    expect((await cast.ownerClient.delete(`/api/images/${b}`)).status).toBe(204);
    const e = await uploadImageOk(cast.ownerClient, form.id, jpeg);
    expect(e.number).toBe(4);
    expect((await cast.ownerClient.delete(`/api/images/${a}`)).status).toBe(204);

    const expected: Array<[number, number]> = [
      [c as number, 1],
      [d as number, 2],
      [e.id, 3],
    ];
    expect(await gridNumbers(form.id)).toEqual(expected);
    const page = await cast.ownerClient.get<ImagesPageResponse>(`/api/forms/${form.id}/images`);
    expect(page.body).toMatchObject({ total: 3, totalPages: 1 });
    for (const [id, number] of expected) {
      expect((await cast.contributorClient.get<ImageResponse>(`/api/images/${id}`)).body.number).toBe(number);
    }
    // The entry page hands out images in no fixed order; whichever it gives carries its position.
    const next = await cast.contributorClient.get<NextImageResponse>(`/api/forms/${form.id}/next-image`);
    expect(next.status).toBe(200);
    expect(expected).toContainEqual([next.body.image.id, next.body.image.number]);

    const f = await uploadImageOk(cast.ownerClient, form.id, jpeg);
    expect(f.number).toBe(4);
  });

  it('numbers each of many simultaneous uploads and deletes once, with no gaps', async () => {
    const form = await castForm(cast, { fields: FIELDS });
    const jpeg = await makeJpeg({ width: 40, height: 30 });
    const first = await Promise.all(Array.from({ length: 4 }, () => uploadImageOk(cast.ownerClient, form.id, jpeg)));
    const doomed = first.slice(0, 2).map((i) => i.id);
    await Promise.all([
      ...doomed.map((id) => cast.ownerClient.delete(`/api/images/${id}`)),
      ...Array.from({ length: 3 }, () => uploadImageOk(cast.ownerClient, form.id, jpeg)),
    ]);
    const res = await cast.ownerClient.get<ImagesPageResponse>(`/api/forms/${form.id}/images`);
    expect(res.body.total).toBe(5);
    expect(res.body.images.map((i) => i.number)).toEqual([1, 2, 3, 4, 5]);
    const ids = res.body.images.map((i) => i.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y)); // upload order
  });
});
