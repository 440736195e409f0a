import { INVALID_INVITATION, type InviteLandingResponse, type InviteResponse } from '@formscribe/common/schemas/invite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormAccess, FormImage } from '../../models/index.ts';
import { recountFormCounters } from '../../services/stats/formCounters.ts';
import { createForm, createUser, grantAccess, signIn } from '../../test/factories.ts';
import { startTestServer, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function signedIn() {
  const user = await createUser();
  const client = server.client();
  await signIn(client, user);
  return { user, client };
}

async function ownerWithForm() {
  const { user, client } = await signedIn();
  const form = await createForm(user, { name: 'Shared census' });
  return { owner: user, client, form };
}

describe('invite links', () => {
  it('the owner creates, lists and deletes links; the link points at the public URL', async () => {
    const { client, form } = await ownerWithForm();
    const created = await client.post<InviteResponse>(`/api/forms/${form.id}/invites`, {
      accessType: 'anyone',
      requiresEmailVerification: false,
      expiresAt: null,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ accessType: 'anyone', requiresEmailVerification: false, expiresAt: null });
    expect(created.body.url).toBe(`${server.url}/invite/${created.body.token}`);
    const list = await client.get<InviteResponse[]>(`/api/forms/${form.id}/invites`);
    expect(list.body.map((i) => i.id)).toEqual([created.body.id]);
    expect((await client.delete(`/api/forms/${form.id}/invites/${created.body.id}`)).status).toBe(204);
    expect((await client.get<InviteResponse[]>(`/api/forms/${form.id}/invites`)).body).toEqual([]);
    expect((await client.delete(`/api/forms/${form.id}/invites/${created.body.id}`)).status).toBe(404);
  });

  it('refuses an expiry in the past or that is not a date', async () => {
    const { client, form } = await ownerWithForm();
    const past = await client.post(`/api/forms/${form.id}/invites`, { expiresAt: '2000-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ message: 'Expiry must be in the future' });
    expect((await client.post(`/api/forms/${form.id}/invites`, { expiresAt: 'soon' })).status).toBe(400);
    expect((await client.post(`/api/forms/${form.id}/invites`, { accessType: 'secret' })).status).toBe(400);
  });

  it('only managers handle links: contributors 403, strangers 404, signed out 401, admin allowed', async () => {
    const { form } = await ownerWithForm();
    const { user: contributor, client: contributorClient } = await signedIn();
    await grantAccess(contributor, form);
    const { client: stranger } = await signedIn();
    const admin = server.client();
    await admin.post('/api/login', { username: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD });
    const path = `/api/forms/${form.id}/invites`;
    expect((await contributorClient.get(path)).status).toBe(403);
    expect((await contributorClient.post(path, {})).status).toBe(403);
    expect((await stranger.get(path)).status).toBe(404);
    expect((await stranger.post(path, {})).status).toBe(404);
    expect((await server.client().get(path)).status).toBe(401);
    const byAdmin = await admin.post<InviteResponse>(path, {});
    expect(byAdmin.status).toBe(201);
    expect((await contributorClient.delete(`${path}/${byAdmin.body.id}`)).status).toBe(403);
  });
});

describe('/api/entry/{token}', () => {
  it('shows the landing signed out, accepting grants access once signed in, and access outlives the link', async () => {
    const { client, form } = await ownerWithForm();
    await FormImage.query().insert([
      {
        formId: form.id,
        filename: `e1-${form.id}`,
        originalName: '1.jpg',
        mimeType: 'image/jpeg',
        size: 1,
        isComplete: true,
      },
      { formId: form.id, filename: `e2-${form.id}`, originalName: '2.jpg', mimeType: 'image/jpeg', size: 1 },
    ]);
    await recountFormCounters(FormImage.knex(), form.id); // rows inserted behind the upload service's back
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const invite = (await client.post<InviteResponse>(`/api/forms/${form.id}/invites`, { expiresAt })).body;

    const landing = await server.client().get<InviteLandingResponse>(`/api/entry/${invite.token}`);
    expect(landing.status).toBe(200);
    expect(landing.body).toMatchObject({
      form: { id: form.id, name: 'Shared census' },
      imageCount: 2,
      percentVerified: 50,
      invite: { expiresAt },
      hasAccess: false,
    });

    const { user, client: contributor } = await signedIn();
    expect((await contributor.get(`/api/forms/${form.id}`)).status).toBe(404);
    for (let i = 0; i < 2; i++) {
      const accepted = await contributor.post<InviteLandingResponse>(`/api/entry/${invite.token}`);
      expect(accepted.body.hasAccess).toBe(true);
    }
    expect(await FormAccess.query().where({ formId: form.id, userId: user.id }).resultSize()).toBe(1);
    expect((await contributor.get(`/api/forms/${form.id}`)).status).toBe(200);

    await client.delete(`/api/forms/${form.id}/invites/${invite.id}`);
    const access = await FormAccess.query().findOne({ formId: form.id, userId: user.id });
    expect(access?.inviteId).toBeNull();
    expect((await contributor.get(`/api/forms/${form.id}`)).status).toBe(200);
    expect((await contributor.get(`/api/entry/${invite.token}`)).status).toBe(404);
  });

  it('treats expired links, inactive forms and unknown tokens as invalid', async () => {
    const { client, form } = await ownerWithForm();
    const invite = (await client.post<InviteResponse>(`/api/forms/${form.id}/invites`, {})).body;
    await server
      .knex('form_invites')
      .where({ id: invite.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    const expired = await server.client().get(`/api/entry/${invite.token}`);
    expect(expired.status).toBe(404);
    expect(expired.body).toEqual({ message: INVALID_INVITATION });

    const fresh = (await client.post<InviteResponse>(`/api/forms/${form.id}/invites`, {})).body;
    await client.patch(`/api/forms/${form.id}`, { isActive: false });
    expect((await server.client().get(`/api/entry/${fresh.token}`)).status).toBe(404);
    expect((await server.client().get('/api/entry/not-a-token')).status).toBe(404);
  });
});

describe('POST /api/forms/{id}/admin-access', () => {
  it('gives a manager a token for one of the form’s images that nobody else can use', async () => {
    const { client, form } = await ownerWithForm();
    const image = await FormImage.query().insertAndFetch({
      formId: form.id,
      filename: `adm-${form.id}`,
      originalName: 'a.jpg',
      mimeType: 'image/jpeg',
      size: 1,
    });
    const res = await client.post<{ token: string; imageId: number }>(`/api/forms/${form.id}/admin-access`, {
      imageId: image.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.imageId).toBe(image.id);
    expect((await client.get(`/api/entry/${res.body.token}`)).status).toBe(200);
    expect((await client.get<InviteResponse[]>(`/api/forms/${form.id}/invites`)).body).toEqual([]);

    const { user: other, client: otherClient } = await signedIn();
    expect((await otherClient.get(`/api/entry/${res.body.token}`)).status).toBe(404);
    expect(await FormAccess.query().where({ formId: form.id, userId: other.id }).resultSize()).toBe(0);

    const foreign = await createForm(await createUser());
    const foreignImage = await FormImage.query().insertAndFetch({
      formId: foreign.id,
      filename: `f-${foreign.id}`,
      originalName: 'f.jpg',
      mimeType: 'image/jpeg',
      size: 1,
    });
    expect((await client.post(`/api/forms/${form.id}/admin-access`, { imageId: foreignImage.id })).status).toBe(404);
    expect((await otherClient.post(`/api/forms/${form.id}/admin-access`, { imageId: image.id })).status).toBe(404);
  });
});
