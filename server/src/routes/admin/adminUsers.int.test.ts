/**
 * The administrator edits and deletes accounts: new limits hold on the user's next request and
 * reach their open tabs; a deleted account is signed out everywhere at once and takes its own
 * forms (rows and files) with it, while its entries and votes on other owners' forms stay.
 */
import { DELETED_USER_NAME } from '@formscribe/common/displayName';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FieldValue, Form, FormImage, FormSubmission, User } from '../../models/index.ts';
import { CENSUS_FIELDS, censusForm, type Person, person } from '../../test/entryFixtures.ts';
import { createForm, signedInAdmin } from '../../test/factories.ts';
import { makeJpeg } from '../../test/fixtures/imageFixtures.ts';
import { filesOnDisk, setImagePlan, uploadImage, uploadImageOk } from '../../test/imageFactories.ts';
import { connect, disconnected, nextEvent, type TestSocket, watchForm } from '../../test/socketClient.ts';
import type { TestClient } from '../../test/testClient.ts';
import { startTestServer, TEST_ADMIN_EMAIL, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
let admin: TestClient;
let adminUser: User;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
  ({ user: adminUser, client: admin } = await signedInAdmin(server));
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

describe('PATCH /api/admin/users/{userId}', () => {
  it('raises the image limit, and the very next upload is allowed', async () => {
    const owner = await person(server);
    await setImagePlan(owner.user, { imageCountLimitPerForm: 1 });
    const form = await createForm(owner.user);
    const jpeg = await makeJpeg();
    await uploadImageOk(owner.client, form.id, jpeg);
    expect((await uploadImage(owner.client, form.id, jpeg)).status).toBe(403);

    const res = await admin.patch(`/api/admin/users/${owner.user.id}`, { imageCountLimitPerForm: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: owner.user.id, imageCountLimitPerForm: 2, formCount: 1 });
    expect((await uploadImage(owner.client, form.id, jpeg)).status).toBe(201);
  });

  it('raises the active form limit, and the user can create a second form', async () => {
    const owner = await person(server);
    expect((await owner.client.post('/api/forms', { name: 'First' })).status).toBe(201);
    const refused = await owner.client.post('/api/forms', { name: 'Second' });
    expect(refused.status).toBe(403);
    expect((await admin.patch(`/api/admin/users/${owner.user.id}`, { activeFormLimit: 2 })).status).toBe(200);
    expect((await owner.client.post('/api/forms', { name: 'Second' })).status).toBe(201);
  });

  it("sends the new settings to the user's open tabs at once", async () => {
    const owner = await person(server);
    const socket = await socketFor(owner.client);
    const updated = nextEvent(socket, 'user:updated');
    const changes = {
      subscriptionStatus: 'professional',
      stripeTestMode: true,
      activeFormLimit: 20,
      imageCountLimitPerForm: 500,
      imageSizeLimitMB: 10,
    };
    expect((await admin.patch(`/api/admin/users/${owner.user.id}`, changes)).status).toBe(200);
    expect((await updated).user).toMatchObject({ id: owner.user.id, ...changes });
    expect((await owner.client.get('/api/user')).body).toMatchObject(changes);
  });

  it('refuses limits below 1, keys it does not know (no demotion through it), an empty body and unknown users', async () => {
    const { user } = await person(server);
    const before = JSON.stringify(await User.query().findById(user.id));
    const belowOne = await admin.patch(`/api/admin/users/${user.id}`, { activeFormLimit: 0 });
    expect(belowOne.status).toBe(400);
    expect(belowOne.body).toMatchObject({ message: 'Active form limit must be at least 1' });
    expect((await admin.patch(`/api/admin/users/${user.id}`, { imageSizeLimitMB: 0.5 })).status).toBe(400);
    expect((await admin.patch(`/api/admin/users/${user.id}`, { imageCountLimitPerForm: -3 })).status).toBe(400);
    expect((await admin.patch(`/api/admin/users/${adminUser.id}`, { isAdmin: false })).status).toBe(400);
    expect((await admin.patch(`/api/admin/users/${adminUser.id}`, { username: 'me@example.org' })).status).toBe(400);
    expect((await admin.patch(`/api/admin/users/${user.id}`, {})).status).toBe(400);
    expect((await admin.patch('/api/admin/users/999999', { activeFormLimit: 3 })).status).toBe(404);
    expect(JSON.stringify(await User.query().findById(user.id))).toBe(before);
    expect((await admin.get('/api/user')).body).toMatchObject({ isAdmin: true, username: TEST_ADMIN_EMAIL });
  });
});

describe('DELETE /api/admin/users/{id}', () => {
  it("refuses the administrator's own account", async () => {
    const res = await admin.delete(`/api/admin/users/${adminUser.id}`);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: "The administrator's own account cannot be deleted." });
    expect(await User.query().findById(adminUser.id)).toBeTruthy();
    expect((await admin.get('/api/user')).status).toBe(200);
  });

  it('signs the account out everywhere at once: its open socket closes and its session is gone', async () => {
    const victim = await person(server);
    const socket = await socketFor(victim.client);
    const closed = disconnected(socket);
    expect((await admin.delete(`/api/admin/users/${victim.user.id}`)).status).toBe(204);
    expect(await closed).toBe('io server disconnect');
    expect((await victim.client.get('/api/user')).status).toBe(401);
    expect(await User.query().findById(victim.user.id)).toBeUndefined();
  });

  it('removes their own forms with every row and file, and closes them for their contributors', async () => {
    const victim = await person(server);
    const form = await createForm(victim.user, { fields: CENSUS_FIELDS });
    const contributor = await person(server, form);
    const before = await filesOnDisk(server);
    const image = await uploadImageOk(victim.client, form.id, await makeJpeg());
    const entry = { imageId: image.id, data: { name: 'Ada', age: '36' } };
    expect((await contributor.client.post(`/api/forms/${form.id}/submissions`, entry)).status).toBe(201);
    const watcher = await socketFor(contributor.client);
    expect(await watchForm(watcher, form.id)).toMatchObject({ ok: true });
    const removed = nextEvent(watcher, 'form:removed');

    expect((await admin.delete(`/api/admin/users/${victim.user.id}`)).status).toBe(204);
    expect(await removed).toEqual({ formId: form.id });
    expect(await Form.query().findById(form.id)).toBeUndefined();
    expect(await FormImage.query().where({ formId: form.id }).resultSize()).toBe(0);
    // The entry's values go with it (their only key is to their entry).
    expect(await FieldValue.query().where({ formId: form.id }).resultSize()).toBe(0);
    expect(await filesOnDisk(server)).toEqual(before);
    expect((await contributor.client.get(`/api/forms/${form.id}`)).status).toBe(404);
  });

  it("keeps their entries and votes on other owners' forms, shown as 'Deleted user'", async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 1, images: 2 });
    const [entered, voted] = images;
    if (!entered || !voted) throw new Error('no images');
    const victim = await person(server, form);
    const submitted = await victim.client.post(`/api/forms/${form.id}/submissions`, {
      imageId: entered.id,
      data: { name: 'Ada', age: '36' },
    });
    expect(submitted.status).toBe(201);
    expect((await victim.client.post(`/api/images/${voted.id}/vote-no-data`)).status).toBe(200);
    const statsBefore = (await owner.client.get(`/api/forms/${form.id}/verification-stats`)).body;

    expect((await admin.delete(`/api/admin/users/${victim.user.id}`)).status).toBe(204);

    const page = await owner.client.get<{ submissions: Array<Record<string, unknown>> }>(
      `/api/forms/${form.id}/submissions`,
    );
    expect(page.body.submissions).toEqual([
      expect.objectContaining({
        imageId: entered.id,
        data: { name: 'Ada', age: '36' },
        user: null,
        submittedByEmail: null,
      }),
    ]);
    const contributors = await owner.client.get(`/api/images/${entered.id}/contributors`);
    expect(contributors.body).toEqual([expect.objectContaining({ submittedBy: DELETED_USER_NAME })]);
    expect((await owner.client.get(`/api/forms/${form.id}/verification-stats`)).body).toEqual(statsBefore);
    const votes = await owner.client.get(`/api/images/${voted.id}/vote-no-data-status`);
    expect(votes.body).toMatchObject({ voteCount: 1 });
    expect(JSON.stringify(await FormSubmission.query().where({ formId: form.id }))).not.toContain(victim.user.username);
    // The entry's values stay, without the person.
    const values = await FieldValue.query().where({ imageId: entered.id });
    expect(values.map((value) => [value.fieldName, value.value, value.submittedById]).sort()).toEqual([
      ['age', '36', null],
      ['name', 'Ada', null],
    ]);
  });

  it('takes with it the entries an owner had chosen not to count, so they never count again', async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 1, images: 1 });
    const [image] = images;
    if (!image) throw new Error('no image');
    const victim: Person = await person(server, form);
    await victim.client.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data: { name: 'Spam' } });
    const blocked = await owner.client.post(`/api/forms/${form.id}/users/${victim.user.id}/block`, {
      reason: 'spam',
      dropEntries: true,
    });
    expect(blocked.status).toBe(200);

    expect((await admin.delete(`/api/admin/users/${victim.user.id}`)).status).toBe(204);
    expect(await FormSubmission.query().where({ formId: form.id }).resultSize()).toBe(0);
  });
});
