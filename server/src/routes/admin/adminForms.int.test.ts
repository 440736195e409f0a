/**
 * The administrator edits and deletes anyone's form exactly as its owner would: the same limits,
 * the same recompute when the threshold changes, the same live announcements, so a form the
 * administrator deactivates or deletes closes for its contributors at once.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Form, FormImage, FormSubmission } from '../../models/index.ts';
import { censusForm, person } from '../../test/entryFixtures.ts';
import { createForm, signedInAdmin } from '../../test/factories.ts';
import { makeJpeg } from '../../test/fixtures/imageFixtures.ts';
import { filesOnDisk, uploadImageOk } from '../../test/imageFactories.ts';
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

async function socketFor(client: TestClient) {
  const socket = await connect(server.url, client);
  sockets.push(socket);
  return socket;
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('PATCH /api/admin/forms/{formId}', () => {
  it('renames and deactivates: contributors are told at once and can no longer enter data', async () => {
    const { owner, form } = await censusForm(server);
    const contributor = await person(server, form);
    const watcher = await socketFor(contributor.client);
    expect(await watchForm(watcher, form.id)).toMatchObject({ ok: true, role: 'contributor' });
    const settings = nextEvent(watcher, 'form:settings');

    const res = await admin.patch(`/api/admin/forms/${form.id}`, { name: 'Parish register', isActive: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: form.id,
      name: 'Parish register',
      isActive: false,
      owner: { id: owner.user.id },
    });
    expect((await settings).form).toMatchObject({ id: form.id, name: 'Parish register', isActive: false });
    expect((await contributor.client.get(`/api/forms/${form.id}/next-image`)).status).not.toBe(200);
    expect(await Form.query().findById(form.id)).toMatchObject({ name: 'Parish register', isActive: false });
  });

  it('pauses data entry and changes the threshold, which recomputes the images as for the owner', async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 2, images: 1 });
    const [image] = images;
    if (!image) throw new Error('no image');
    const contributor = await person(server, form);
    const entry = { imageId: image.id, data: { name: 'Ada' } };
    expect((await contributor.client.post(`/api/forms/${form.id}/submissions`, entry)).status).toBe(201);
    expect((await FormImage.query().findById(image.id))?.isComplete).toBe(false);

    const res = await admin.patch(`/api/admin/forms/${form.id}`, {
      requiredEntriesPerImage: 1,
      dataEntryActive: false,
    });
    expect(res.status).toBe(200);
    await eventually(async () => Boolean((await FormImage.query().findById(image.id))?.isComplete));
    const stats = await owner.client.get(`/api/forms/${form.id}/verification-stats`);
    expect(stats.body).toMatchObject({ completedImages: 1 });
    const late = await contributor.client.post(`/api/forms/${form.id}/submissions`, entry);
    expect(late.status).not.toBe(201);
  });

  it("activating a form still counts against its owner's limit", async () => {
    const owner = await person(server);
    await createForm(owner.user, { isActive: true });
    const inactive = await createForm(owner.user, { isActive: false });
    const res = await admin.patch(`/api/admin/forms/${inactive.id}`, { isActive: true });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: 'Active form limit reached' });
  });

  it('refuses settings the administrator does not edit here, an empty body and unknown forms', async () => {
    const { form } = await censusForm(server);
    const before = JSON.stringify(await Form.query().findById(form.id));
    expect((await admin.patch(`/api/admin/forms/${form.id}`, { webhookUrl: 'https://example.org/hook' })).status).toBe(
      400,
    );
    expect((await admin.patch(`/api/admin/forms/${form.id}`, { name: '   ' })).status).toBe(400);
    expect((await admin.patch(`/api/admin/forms/${form.id}`, { requiredEntriesPerImage: 11 })).status).toBe(400);
    expect((await admin.patch(`/api/admin/forms/${form.id}`, {})).status).toBe(400);
    expect((await admin.patch('/api/admin/forms/999999', { name: 'Nobody' })).status).toBe(404);
    expect(JSON.stringify(await Form.query().findById(form.id))).toBe(before);
  });
});

describe('DELETE /api/admin/forms/{id}', () => {
  it('removes every row and file, and the form closes for its contributors and owner at once', async () => {
    const owner = await person(server);
    const form = await createForm(owner.user);
    const contributor = await person(server, form);
    const before = await filesOnDisk(server);
    const image = await uploadImageOk(owner.client, form.id, await makeJpeg());
    await contributor.client.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data: {} });
    const watchers = [await socketFor(contributor.client), await socketFor(owner.client)];
    for (const socket of watchers) expect(await watchForm(socket, form.id)).toMatchObject({ ok: true });
    const removed = watchers.map((socket) => nextEvent(socket, 'form:removed'));

    expect((await admin.delete(`/api/admin/forms/${form.id}`)).status).toBe(204);
    expect(await Promise.all(removed)).toEqual([{ formId: form.id }, { formId: form.id }]);
    expect(await Form.query().findById(form.id)).toBeUndefined();
    expect(await FormImage.query().where({ formId: form.id }).resultSize()).toBe(0);
    expect(await FormSubmission.query().where({ formId: form.id }).resultSize()).toBe(0);
    expect(await filesOnDisk(server)).toEqual(before);
    expect((await owner.client.get('/api/forms')).body).toEqual([]);
    expect((await admin.delete(`/api/admin/forms/${form.id}`)).status).toBe(404);
  });
});
