/**
 * Who may watch a form or an image over the socket: exactly who may read it over REST
 * (GET /api/forms/:id, GET /api/images/:id), with the same owner/contributor standing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FormAccess } from '../models/index.ts';
import { censusForm, type Person, person } from '../test/entryFixtures.ts';
import { connect, type TestSocket, watchForm, watchImage } from '../test/socketClient.ts';
import type { TestClient } from '../test/testClient.ts';
import { startTestServer, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, type TestServer } from '../test/testServer.ts';

let server: TestServer;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server.stop());

/** What one person gets for a form and its first image, over REST and over a fresh socket. */
async function standing(client: TestClient, formId: number, imageId: number) {
  const socket = await connect(server.url, client);
  sockets.push(socket);
  return {
    restForm: (await client.get(`/api/forms/${formId}`)).status,
    restImage: (await client.get(`/api/images/${imageId}`)).status,
    watchForm: await watchForm(socket, formId),
    watchImage: await watchImage(socket, imageId),
  };
}

const allowed = (role: 'owner' | 'contributor') => ({
  restForm: 200,
  restImage: 200,
  watchForm: { ok: true, role },
  watchImage: { ok: true, role },
});
const refused = {
  restForm: 404,
  restImage: 404,
  watchForm: { ok: false, error: 'Not allowed to watch this form' },
  watchImage: { ok: false, error: 'Not allowed to watch this image' },
};

async function blocked(ownerClient: TestClient, formId: number, contributor: Person) {
  const res = await ownerClient.post(`/api/forms/${formId}/users/${contributor.user.id}/block`, { reason: 'spam' });
  expect(res.status).toBe(200);
}

describe('watching follows the REST read policy', () => {
  it('the owner and the super admin watch as owners', async () => {
    const { owner, form, images } = await censusForm(server);
    const image = images[0]?.id ?? 0;
    expect(await standing(owner.client, form.id, image)).toEqual(allowed('owner'));
    const admin = server.client();
    await admin.post('/api/login', { username: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD });
    expect(await standing(admin, form.id, image)).toEqual(allowed('owner'));
  });

  it('a contributor with access watches as a contributor; without access (or a stranger) is refused', async () => {
    const { form, images } = await censusForm(server);
    const image = images[0]?.id ?? 0;
    const contributor = await person(server, form);
    expect(await standing(contributor.client, form.id, image)).toEqual(allowed('contributor'));

    await FormAccess.query().where({ formId: form.id, userId: contributor.user.id }).delete();
    expect(await standing(contributor.client, form.id, image)).toEqual(refused);

    const stranger = await person(server);
    expect(await standing(stranger.client, form.id, image)).toEqual(refused);
  });

  it('a blocked contributor still reads the form over REST, so a fresh watch is allowed as a contributor', async () => {
    const { owner, form, images } = await censusForm(server);
    const image = images[0]?.id ?? 0;
    const contributor = await person(server, form);
    await blocked(owner.client, form.id, contributor);
    expect(await standing(contributor.client, form.id, image)).toEqual(allowed('contributor'));
    const entry = await contributor.client.get<{ entryClosedReason: string }>(`/api/forms/${form.id}/entry`);
    expect(entry.body.entryClosedReason).toBe('blocked');
  });

  it('contributors of an inactive form read it over REST and may watch it; strangers still may not', async () => {
    const { owner, form, images } = await censusForm(server);
    const image = images[0]?.id ?? 0;
    const contributor = await person(server, form);
    expect((await owner.client.patch(`/api/forms/${form.id}`, { isActive: false })).status).toBe(200);
    expect(await standing(contributor.client, form.id, image)).toEqual(allowed('contributor'));
    expect(await standing((await person(server)).client, form.id, image)).toEqual(refused);
  });

  it('an image of another form, or one that does not exist, is refused like its REST 404', async () => {
    const { form, images } = await censusForm(server);
    const other = await censusForm(server);
    const contributor = await person(server, form);
    const socket = await connect(server.url, contributor.client);
    sockets.push(socket);
    expect(await watchImage(socket, images[0]?.id ?? 0)).toEqual({ ok: true, role: 'contributor' });
    expect(await watchImage(socket, other.images[0]?.id ?? 0)).toEqual(refused.watchImage);
    expect((await contributor.client.get(`/api/images/${other.images[0]?.id}`)).status).toBe(404);
    expect(await watchImage(socket, 999_999)).toEqual(refused.watchImage);
  });
});
