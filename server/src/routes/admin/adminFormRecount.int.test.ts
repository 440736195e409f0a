/**
 * "Recount this form": only the administrator may ask; the answer is a 202 and a worker then
 * recounts the form's figures from its images, so figures a fault left wrong are right again in
 * the admin list and on the owner's open dashboard.
 */
import type { AdminFormsPage } from '@formscribe/common/schemas/admin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { censusForm, person } from '../../test/entryFixtures.ts';
import { signedInAdmin } from '../../test/factories.ts';
import { connect, nextEvent, type TestSocket, watchForm } from '../../test/socketClient.ts';
import type { TestClient } from '../../test/testClient.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
let admin: TestClient;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
  ({ client: admin } = await signedInAdmin(server));
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server.stop());

/** The form's figures as the administrator's form list shows them. */
async function listedFigures(name: string) {
  const res = await admin.get<AdminFormsPage>(`/api/admin/forms?search=${encodeURIComponent(name)}`);
  expect(res.status).toBe(200);
  const row = res.body.forms.find((form) => form.name === name);
  return row && { totalImages: row.totalImages, completedImages: row.completedImages };
}

/** A fault's result: figures that no longer match the images. */
async function breakFigures(formId: number) {
  await server.knex('forms').where({ id: formId }).update({ image_count: 40, completed_image_count: 0 });
}

describe('POST /api/admin/forms/{formId}/recount', () => {
  it("recounts broken figures from the images and sends them to the owner's open dashboard", async () => {
    const { owner, form, images } = await censusForm(server, { images: 3 });
    const [first] = images;
    if (!first) throw new Error('no image');
    expect((await owner.client.post(`/api/images/${first.id}/complete`)).status).toBe(200);
    await breakFigures(form.id);
    expect(await listedFigures(form.name)).toEqual({ totalImages: 40, completedImages: 0 });

    const socket = await connect(server.url, owner.client);
    sockets.push(socket);
    expect(await watchForm(socket, form.id)).toMatchObject({ ok: true });
    const figures = nextEvent(socket, 'form:stats', (event) => event.formId === form.id, 20_000);

    const res = await admin.post(`/api/admin/forms/${form.id}/recount`);
    expect(res.status).toBe(202);
    expect((await figures).stats).toMatchObject({ totalImages: 3, completedImages: 1, remainingImages: 2 });
    expect(await listedFigures(form.name)).toEqual({ totalImages: 3, completedImages: 1 });
  });

  it('is the administrator’s alone: the owner and a contributor get 403, signed out 401', async () => {
    const { owner, form } = await censusForm(server, { images: 2 });
    const contributor = await person(server, form);

    expect((await owner.client.post(`/api/admin/forms/${form.id}/recount`)).status).toBe(403);
    expect((await contributor.client.post(`/api/admin/forms/${form.id}/recount`)).status).toBe(403);
    expect((await server.client().post(`/api/admin/forms/${form.id}/recount`)).status).toBe(401);
  });

  it('answers 404 for a form that does not exist and 400 for a bad id', async () => {
    expect((await admin.post('/api/admin/forms/999999/recount')).status).toBe(404);
    expect((await admin.post('/api/admin/forms/abc/recount')).status).toBe(400);
  });
});
