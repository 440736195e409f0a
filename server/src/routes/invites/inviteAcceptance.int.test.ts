/**
 * Joining a form through an invite link takes an explicit, same-origin POST. Opening the link
 * (GET) only reads: a page on another site can navigate a signed-in visitor there (SameSite=Lax
 * cookies travel with top-level navigations), and that must neither add them to the form nor
 * reveal their e-mail to its owner.
 */
import type { FormUser } from '@formscribe/common/schemas/formStats';
import { INVALID_INVITATION, type InviteLandingResponse, type InviteResponse } from '@formscribe/common/schemas/invite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormAccess } from '../../models/index.ts';
import { createForm, createUser, signIn } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function signedInClient() {
  const user = await createUser();
  const client = server.client();
  await signIn(client, user);
  return { user, client };
}

async function formWithInvite() {
  const { user: owner, client: ownerClient } = await signedInClient();
  const form = await createForm(owner, { name: 'Parish registers' });
  const invite = (await ownerClient.post<InviteResponse>(`/api/forms/${form.id}/invites`, {})).body;
  return { ownerClient, form, invite };
}

async function usernamesInUsersList(ownerClient: ReturnType<TestServer['client']>, formId: number) {
  const list = await ownerClient.get<FormUser[]>(`/api/forms/${formId}/users`);
  expect(list.status).toBe(200);
  return list.body.map((person) => person.user.username);
}

describe('invite acceptance', () => {
  it('opening the link signed in grants nothing: the owner never sees the visitor, no access row exists', async () => {
    const { ownerClient, form, invite } = await formWithInvite();
    const usersBefore = await usernamesInUsersList(ownerClient, form.id);
    const { user: visitor, client } = await signedInClient();

    // A cross-site navigation looks like this to the server: a GET with the visitor's cookie.
    const opened = await client.get<InviteLandingResponse>(`/api/entry/${invite.token}`, {
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    });
    expect(opened.status).toBe(200);

    expect(await FormAccess.query().where({ formId: form.id })).toEqual([]);
    expect(await usernamesInUsersList(ownerClient, form.id)).toEqual(usersBefore);
    expect(await usernamesInUsersList(ownerClient, form.id)).not.toContain(visitor.username);
    expect((await client.get(`/api/forms/${form.id}`)).status).toBe(404);
    expect(opened.body).toMatchObject({ form: { id: form.id, name: 'Parish registers' }, hasAccess: false });
  });

  it('POST from our own origin grants access once; the landing then says so', async () => {
    const { ownerClient, form, invite } = await formWithInvite();
    const { user: visitor, client } = await signedInClient();

    for (let i = 0; i < 2; i++) {
      const accepted = await client.post<InviteLandingResponse>(`/api/entry/${invite.token}`);
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({ form: { id: form.id }, hasAccess: true });
    }
    expect(await FormAccess.query().where({ formId: form.id, userId: visitor.id }).resultSize()).toBe(1);
    expect(await usernamesInUsersList(ownerClient, form.id)).toContain(visitor.username);
    expect((await client.get(`/api/forms/${form.id}`)).status).toBe(200);
    const reopened = await client.get<InviteLandingResponse>(`/api/entry/${invite.token}`);
    expect(reopened.body.hasAccess).toBe(true);
  });

  it('refuses a POST from another site (403) and grants nothing', async () => {
    const { ownerClient, form, invite } = await formWithInvite();
    const { user: visitor, client } = await signedInClient();

    const foreign = await client.post(`/api/entry/${invite.token}`, undefined, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    // A browser that leaves out Origin still says where the request came from.
    const noOrigin = await client.post(`/api/entry/${invite.token}`, undefined, {
      origin: null,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(noOrigin.status).toBe(403);

    expect(await FormAccess.query().where({ formId: form.id })).toEqual([]);
    expect(await usernamesInUsersList(ownerClient, form.id)).not.toContain(visitor.username);
  });

  it('needs a session to accept, and an invalid link stays invalid', async () => {
    const { form, invite } = await formWithInvite();
    const signedOut = await server.client().post(`/api/entry/${invite.token}`);
    expect(signedOut.status).toBe(401);
    expect(await FormAccess.query().where({ formId: form.id })).toEqual([]);

    const { client } = await signedInClient();
    const unknown = await client.post('/api/entry/not-a-token');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: INVALID_INVITATION });
  });

  it('the owner opening their own link already has access and gains no contributor row', async () => {
    const { ownerClient, form, invite } = await formWithInvite();
    const opened = await ownerClient.get<InviteLandingResponse>(`/api/entry/${invite.token}`);
    expect(opened.body.hasAccess).toBe(true);
    expect((await ownerClient.post<InviteLandingResponse>(`/api/entry/${invite.token}`)).body.hasAccess).toBe(true);
    expect(await FormAccess.query().where({ formId: form.id })).toEqual([]);
  });
});
