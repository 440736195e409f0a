import { type EntryResponse, type NextImageResponse, NO_IMAGES_LEFT } from '@formscribe/common/schemas/submission';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Form, FormImage, FormUserBlock } from '../../models/index.ts';
import { recountFormCounters } from '../../services/stats/formCounters.ts';
import { censusForm, person } from '../../test/entryFixtures.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('GET /api/forms/{id}/next-image', () => {
  it('never repeats an image the user entered or voted on, never gives a complete one, fewest entries first', async () => {
    const { form, images } = await censusForm(server, { threshold: 3, images: 4 });
    const [first, second, third, fourth] = images;
    if (!first || !second || !third || !fourth) throw new Error('images');
    await FormImage.query().findById(first.id).patch({ entryCount: 2 });
    await FormImage.query().findById(fourth.id).patch({ isComplete: true, manuallyCompleted: true });
    // Written around the image state writer: the form's counters are recounted as the repair job would.
    await recountFormCounters(server.knex, form.id);
    const me = await person(server, form);
    const next = () => me.client.get<NextImageResponse>(`/api/forms/${form.id}/next-image`);

    // The two images without entries come first, in either order (ties are broken at random).
    let res = await next();
    expect(res.body.remainingCount).toBe(3);
    const entered = res.body.image.id;
    expect([second.id, third.id]).toContain(entered);
    await me.client.post(`/api/forms/${form.id}/submissions`, { imageId: entered, data: { name: 'A' } });

    res = await next();
    const voted = res.body.image.id;
    expect([second.id, third.id].filter((id) => id !== entered)).toEqual([voted]);
    await me.client.post(`/api/images/${voted}/vote-unreadable`);

    res = await next();
    expect(res.body).toMatchObject({ image: { id: first.id }, remainingCount: 1 });
    expect((await me.client.get(`/api/forms/${form.id}/next-image?skipImageId=${first.id}`)).status).toBe(404);
    await me.client.post(`/api/images/${first.id}/vote-no-data`);

    const done = await next();
    expect(done.status).toBe(404);
    expect(done.body).toEqual({ message: NO_IMAGES_LEFT });
  });

  it('is refused for blocked users and closed forms, 404 for outsiders', async () => {
    const { owner, form } = await censusForm(server);
    const blocked = await person(server, form);
    await FormUserBlock.query().insert({ formId: form.id, userId: blocked.user.id, blockedById: owner.user.id });
    expect((await blocked.client.get(`/api/forms/${form.id}/next-image`)).status).toBe(403);
    expect((await (await person(server)).client.get(`/api/forms/${form.id}/next-image`)).status).toBe(404);
    expect((await server.client().get(`/api/forms/${form.id}/next-image`)).status).toBe(401);
    await Form.query().findById(form.id).patch({ dataEntryActive: false });
    expect((await owner.client.get(`/api/forms/${form.id}/next-image`)).status).toBe(403);
  });
});

describe('GET /api/forms/{id}/entry', () => {
  it('gives the form, its images in upload order and why entry is closed, if it is', async () => {
    const { owner, form, images } = await censusForm(server, { images: 2 });
    const contributor = await person(server, form);
    const res = await contributor.client.get<EntryResponse>(`/api/forms/${form.id}/entry`);
    expect(res.body).toMatchObject({
      form: { id: form.id, canManage: false, webhookUrl: null },
      totalImages: 2,
      isBlocked: false,
      entryClosedReason: null,
    });
    expect(res.body.images.map((i) => [i.id, i.number])).toEqual([
      [images[0]?.id, 1],
      [images[1]?.id, 2],
    ]);
    await Form.query().findById(form.id).patch({ dataEntryActive: false });
    expect((await contributor.client.get<EntryResponse>(`/api/forms/${form.id}/entry`)).body.entryClosedReason).toBe(
      'dataEntryPaused',
    );
    await Form.query().findById(form.id).patch({ isActive: false });
    expect((await contributor.client.get<EntryResponse>(`/api/forms/${form.id}/entry`)).body.entryClosedReason).toBe(
      'formInactive',
    );
    await FormUserBlock.query().insert({ formId: form.id, userId: contributor.user.id, blockedById: owner.user.id });
    expect((await contributor.client.get<EntryResponse>(`/api/forms/${form.id}/entry`)).body).toMatchObject({
      isBlocked: true,
      entryClosedReason: 'blocked',
    });
    expect((await (await person(server)).client.get(`/api/forms/${form.id}/entry`)).status).toBe(404);
  });
});
