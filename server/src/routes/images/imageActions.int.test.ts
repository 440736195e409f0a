import type { ImageResponse, ImagesPageResponse } from '@formscribe/common/schemas/form';
import { BLOCKED_FROM_FORM, DATA_ENTRY_PAUSED, FORM_NOT_ACTIVE } from '@formscribe/common/schemas/submission';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormImage, FormUserBlock, User } from '../../models/index.ts';
import { makeJpeg, makePng } from '../../test/fixtures/imageFixtures.ts';
import {
  castForm,
  createImageCast,
  createImageRow,
  fileForm,
  filesOnDisk,
  type ImageCast,
  uploadImageOk,
} from '../../test/imageFactories.ts';
import type { TestClient } from '../../test/testClient.ts';
import { startTestServer, TEST_ADMIN_EMAIL, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
let cast: ImageCast;
let admin: User | undefined;
beforeAll(async () => {
  server = await startTestServer();
  cast = await createImageCast(server);
  admin = await User.query().findOne({ username: TEST_ADMIN_EMAIL });
});
afterAll(() => server.stop());

const TWO_FIELDS = [
  { id: 'a', type: 'text', label: 'Name', order: 0 },
  { id: 'b', type: 'number', label: 'Age', order: 1 },
];

describe('GET /api/forms/:id/images', () => {
  it('pages images in upload order, numbering them from 1, for managers and contributors', async () => {
    const form = await castForm(cast);
    const rows: FormImage[] = [];
    for (let i = 0; i < 13; i++) rows.push(await createImageRow(form, { originalName: `scan-${i + 1}.jpg` }));
    for (const client of [cast.ownerClient, cast.contributorClient, cast.adminClient]) {
      const first = await client.get<ImagesPageResponse>(`/api/forms/${form.id}/images`);
      expect(first.status).toBe(200);
      expect(first.body.total).toBe(13);
      expect(first.body.totalPages).toBe(2);
      expect(first.body.images.map((i) => i.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      expect(first.body.images[0]?.id).toBe(rows[0]?.id);
    }
    const second = await cast.ownerClient.get<ImagesPageResponse>(`/api/forms/${form.id}/images?page=2`);
    expect(second.body.images.map((i) => [i.number, i.originalName])).toEqual([[13, 'scan-13.jpg']]);
    const small = await cast.ownerClient.get<ImagesPageResponse>(`/api/forms/${form.id}/images?page=3&limit=5`);
    expect(small.body).toMatchObject({ total: 13, totalPages: 3 });
    expect(small.body.images.map((i) => i.number)).toEqual([11, 12, 13]);
  });

  it('keeps numbers as positions: deleting an image renumbers the ones after it', async () => {
    const form = await castForm(cast);
    const [a, b, c] = [await createImageRow(form), await createImageRow(form), await createImageRow(form)];
    await FormImage.query().deleteById(b.id);
    const res = await cast.ownerClient.get<ImagesPageResponse>(`/api/forms/${form.id}/images`);
    expect(res.body.images.map((i) => [i.id, i.number])).toEqual([
      [a.id, 1],
      [c.id, 2],
    ]);
  });

  it('answers an empty form with no pages', async () => {
    const form = await castForm(cast);
    const res = await cast.ownerClient.get(`/api/forms/${form.id}/images`);
    expect(res.body).toEqual({ images: [], total: 0, totalPages: 0 });
  });

  it('refuses strangers (404), the signed out (401) and bad paging (400)', async () => {
    const form = await castForm(cast);
    expect((await cast.strangerClient.get(`/api/forms/${form.id}/images`)).status).toBe(404);
    expect((await cast.signedOut.get(`/api/forms/${form.id}/images`)).status).toBe(401);
    for (const query of ['page=0', 'page=abc', 'limit=0', 'limit=101']) {
      expect((await cast.ownerClient.get(`/api/forms/${form.id}/images?${query}`)).status).toBe(400);
    }
    expect((await cast.ownerClient.get('/api/forms/abc/images')).status).toBe(400);
  });
});

describe('GET /api/images/:id', () => {
  it('gives the image JSON with its number to those who may see the form', async () => {
    const form = await castForm(cast);
    await createImageRow(form);
    const image = await createImageRow(form, { entryCount: 3, verifiedFieldCount: 1, totalFieldCount: 3 });
    for (const client of [cast.ownerClient, cast.contributorClient, cast.adminClient]) {
      const res = await client.get<ImageResponse>(`/api/images/${image.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: image.id, number: 2, submissionCount: 3, progressPercent: 33 });
    }
    expect((await cast.strangerClient.get(`/api/images/${image.id}`)).body).toEqual({ message: 'Image not found' });
    expect((await cast.signedOut.get(`/api/images/${image.id}`)).status).toBe(401);
    expect((await cast.ownerClient.get('/api/images/999999')).status).toBe(404);
    expect((await cast.ownerClient.get('/api/images/x')).status).toBe(400);
  });
});

describe('POST /api/images/:id/complete and /uncomplete', () => {
  it('marks and unmarks, recording who and when, for the owner and the admin', async () => {
    const form = await castForm(cast, { fields: TWO_FIELDS });
    const image = await createImageRow(form, { totalFieldCount: 2 });
    const marked = await cast.ownerClient.post<ImageResponse>(`/api/images/${image.id}/complete`);
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ manuallyCompleted: true, isComplete: true, progressPercent: 100, number: 1 });
    expect(marked.body.completedAt).not.toBeNull();
    expect(await FormImage.query().findById(image.id)).toMatchObject({
      completedById: cast.owner.id,
      isComplete: true,
    });

    const unmarked = await cast.adminClient.post<ImageResponse>(`/api/images/${image.id}/uncomplete`);
    expect(unmarked.body).toMatchObject({ manuallyCompleted: false, isComplete: false, completedAt: null });
    expect(await FormImage.query().findById(image.id)).toMatchObject({ completedById: null, isComplete: false });

    await cast.adminClient.post(`/api/images/${image.id}/complete`);
    expect(await FormImage.query().findById(image.id)).toMatchObject({ completedById: admin?.id });
  });

  it('refuses to unmark an image its verified fields or votes complete (409, saying why), changing nothing', async () => {
    const form = await castForm(cast, { fields: TWO_FIELDS, requiredEntriesPerImage: 2 });
    const verified = await createImageRow(form, { totalFieldCount: 2, verifiedFieldCount: 2 });
    const voted = await createImageRow(form, { totalFieldCount: 2, unreadableVoteCount: 2 });
    const unmark = (id: number) => cast.ownerClient.post<{ message: string }>(`/api/images/${id}/uncomplete`);

    const refused = await unmark(verified.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This image was completed automatically (every field is verified by matching entries), so it cannot be unmarked.',
    );
    expect((await unmark(voted.id)).body.message).toContain('enough contributors voted that it is unreadable');
    expect(await FormImage.query().findById(verified.id)).toMatchObject({ manuallyCompleted: false });
  });

  it('takes a mark back; the image stays complete while its fields or votes hold it', async () => {
    const form = await castForm(cast, { fields: TWO_FIELDS, requiredEntriesPerImage: 2 });
    const verified = await createImageRow(form, { totalFieldCount: 2, verifiedFieldCount: 2, manuallyCompleted: true });
    const voted = await createImageRow(form, { totalFieldCount: 2, unreadableVoteCount: 2, manuallyCompleted: true });
    const notYet = await createImageRow(form, { totalFieldCount: 2, noDataVoteCount: 1, manuallyCompleted: true });
    const unmark = async (id: number) =>
      (await cast.ownerClient.post<ImageResponse>(`/api/images/${id}/uncomplete`)).body;
    for (const [image, stillComplete] of [
      [verified, true],
      [voted, true],
      [notYet, false],
    ] as const) {
      expect(await unmark(image.id)).toMatchObject({ manuallyCompleted: false, isComplete: stillComplete });
    }
  });

  it('the data table tells an image completed by entries or votes from one marked by hand', async () => {
    const form = await castForm(cast, { fields: [{ id: 'a', type: 'text', label: 'Name', order: 0, required: true }] });
    const entered = await createImageRow(form, { originalName: 'a-entered.jpg' });
    const votedEmpty = await createImageRow(form, { originalName: 'b-voted.jpg' });
    const marked = await createImageRow(form, { originalName: 'c-marked.jpg' });
    const open = await createImageRow(form, { originalName: 'd-open.jpg' });
    await cast.contributorClient.post(`/api/forms/${form.id}/submissions`, { imageId: entered.id, data: { a: 'Ada' } });
    await cast.contributorClient.post(`/api/images/${votedEmpty.id}/vote-no-data`);
    await cast.ownerClient.post(`/api/images/${marked.id}/complete`);

    const data = await cast.ownerClient.get<{ rows: Record<string, unknown>[] }>(
      `/api/forms/${form.id}/consolidated-data?sort=filename`,
    );
    expect(data.body.rows.map((row) => [row.image_id, row.manually_completed, row.automatic_completion])).toEqual([
      [entered.id, false, 'verified'],
      [votedEmpty.id, false, 'noDataVotes'],
      [marked.id, true, null],
      [open.id, false, null],
    ]);
    expect((await cast.ownerClient.post(`/api/images/${entered.id}/uncomplete`)).status).toBe(409);
    expect((await cast.ownerClient.post(`/api/images/${marked.id}/uncomplete`)).status).toBe(200);
  });

  it('refuses contributors (403), strangers (404) and the signed out (401), changing nothing', async () => {
    const form = await castForm(cast);
    const image = await createImageRow(form);
    for (const action of ['complete', 'uncomplete']) {
      expect((await cast.contributorClient.post(`/api/images/${image.id}/${action}`)).status).toBe(403);
      expect((await cast.strangerClient.post(`/api/images/${image.id}/${action}`)).status).toBe(404);
      expect((await cast.signedOut.post(`/api/images/${image.id}/${action}`)).status).toBe(401);
    }
    expect(await FormImage.query().findById(image.id)).toMatchObject({ manuallyCompleted: false, completedAt: null });
  });
});

describe('POST /api/images/:id/rotate', () => {
  it('saves the rotation for everyone, contributors included, normalised to 0-270', async () => {
    const form = await castForm(cast);
    const image = await createImageRow(form);
    const rotate = (rotation: unknown, client = cast.contributorClient) =>
      client.post<ImageResponse>(`/api/images/${image.id}/rotate`, { rotation });
    expect((await rotate(90)).body.rotation).toBe(90);
    expect((await rotate(-90)).body.rotation).toBe(270);
    expect((await rotate(540, cast.ownerClient)).body.rotation).toBe(180);
    expect((await rotate(0, cast.adminClient)).body.rotation).toBe(0);
    expect((await rotate(180, cast.ownerClient)).body.rotation).toBe(180);
    expect((await cast.ownerClient.get<ImageResponse>(`/api/images/${image.id}`)).body.rotation).toBe(180);
  });

  it('refuses angles that are not quarter turns (400), strangers (404) and the signed out (401)', async () => {
    const form = await castForm(cast);
    const image = await createImageRow(form);
    const url = `/api/images/${image.id}/rotate`;
    const bad = await cast.ownerClient.post(url, { rotation: 45 });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'Rotation must be a multiple of 90 degrees' });
    expect((await cast.ownerClient.post(url, {})).status).toBe(400);
    expect((await cast.strangerClient.post(url, { rotation: 90 })).status).toBe(404);
    expect((await cast.signedOut.post(url, { rotation: 90 })).status).toBe(401);
    expect((await FormImage.query().findById(image.id))?.rotation).toBe(0);
  });
});

describe('POST /api/images/:id/rotate follows the data-entry rule', () => {
  const rotate = (client: TestClient, image: FormImage, rotation = 90) =>
    client.post<ImageResponse>(`/api/images/${image.id}/rotate`, { rotation });
  const savedRotation = async (image: FormImage) => (await FormImage.query().findById(image.id))?.rotation;

  it('lets the owner and a contributor rotate on an open form; strangers get 404', async () => {
    const form = await castForm(cast);
    const image = await createImageRow(form);
    expect((await rotate(cast.contributorClient, image, 90)).status).toBe(200);
    expect((await rotate(cast.ownerClient, image, 180)).status).toBe(200);
    expect((await rotate(cast.strangerClient, image, 270)).status).toBe(404);
    expect(await savedRotation(image)).toBe(180);
  });

  it('refuses a blocked contributor with the submission’s 403, changing nothing', async () => {
    const form = await castForm(cast);
    const image = await createImageRow(form);
    await FormUserBlock.query().insert({ formId: form.id, userId: cast.contributor.id, blockedById: cast.owner.id });
    const refused = await rotate(cast.contributorClient, image);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: BLOCKED_FROM_FORM, blocked: true });
    expect(await savedRotation(image)).toBe(0);
  });

  it.each([
    ['an inactive', { isActive: false }, { message: FORM_NOT_ACTIVE, formInactive: true }],
    ['a paused', { dataEntryActive: false }, { message: DATA_ENTRY_PAUSED, dataEntryPaused: true }],
  ])('refuses contributors on %s form with the submission’s 403; managers still rotate', async (_, closed, answer) => {
    const form = await castForm(cast, closed);
    const image = await createImageRow(form);
    const refused = await rotate(cast.contributorClient, image);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(answer);
    expect(await savedRotation(image)).toBe(0);
    expect((await rotate(cast.ownerClient, image, 90)).body.rotation).toBe(90);
    expect((await rotate(cast.adminClient, image, 180)).body.rotation).toBe(180);
  });
});

describe('DELETE /api/images/:id', () => {
  it('removes the row and both files; the proxies forget them', async () => {
    const form = await castForm(cast);
    const uploaded = await uploadImageOk(cast.ownerClient, form.id, await makeJpeg());
    const before = await filesOnDisk(server);
    expect(before.images).toContain(uploaded.filename);

    const res = await cast.ownerClient.delete(`/api/images/${uploaded.id}`);
    expect(res.status).toBe(204);
    expect(await FormImage.query().findById(uploaded.id)).toBeUndefined();
    const after = await filesOnDisk(server);
    expect(after.images).not.toContain(uploaded.filename);
    expect(after.images).toHaveLength(before.images.length - 1);
    expect(after.thumbnails).toHaveLength(before.thumbnails.length - 1);
    expect((await cast.ownerClient.get(uploaded.publicUrl)).status).toBe(404);
    expect((await cast.ownerClient.get(uploaded.thumbnailUrl)).status).toBe(404);
    expect((await cast.ownerClient.delete(`/api/images/${uploaded.id}`)).status).toBe(404);
  });

  it('lets the admin delete; refuses contributors (403), strangers (404), the signed out (401)', async () => {
    const form = await castForm(cast);
    const uploaded = await uploadImageOk(cast.ownerClient, form.id, await makeJpeg());
    expect((await cast.contributorClient.delete(`/api/images/${uploaded.id}`)).status).toBe(403);
    expect((await cast.strangerClient.delete(`/api/images/${uploaded.id}`)).status).toBe(404);
    expect((await cast.signedOut.delete(`/api/images/${uploaded.id}`)).status).toBe(401);
    expect((await cast.ownerClient.get(uploaded.publicUrl)).status).toBe(200);
    expect((await cast.adminClient.delete(`/api/images/${uploaded.id}`)).status).toBe(204);
  });
});

describe('DELETE /api/forms/:id', () => {
  it('removes the form’s rows (cascade) and every stored file: originals, thumbnails and logo', async () => {
    const form = await castForm(cast);
    const first = await uploadImageOk(cast.ownerClient, form.id, await makeJpeg());
    const second = await uploadImageOk(cast.ownerClient, form.id, await makePng());
    const logo = await cast.ownerClient.post<{ logoUrl: string }>(
      `/api/forms/${form.id}/logo`,
      fileForm(await makePng(), 'logo.png', 'logo', 'image/png'),
    );
    expect(logo.status).toBe(200);
    const logoName = logo.body.logoUrl.split('/').pop() ?? '';
    const before = await filesOnDisk(server);
    expect(before.images).toEqual(expect.arrayContaining([first.filename, second.filename]));
    expect(before.logos).toContain(logoName);

    expect((await cast.ownerClient.delete(`/api/forms/${form.id}`)).status).toBe(204);
    expect(await FormImage.query().where({ formId: form.id }).resultSize()).toBe(0);
    const after = await filesOnDisk(server);
    expect(after.images).not.toContain(first.filename);
    expect(after.images).not.toContain(second.filename);
    expect(after.thumbnails).toHaveLength(before.thumbnails.length - 2);
    expect(after.logos).not.toContain(logoName);
  });
});
