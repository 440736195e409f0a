import { MESSAGES } from '@formscribe/common/messages';
import type { UserResponse } from '@formscribe/common/schemas/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, DEFAULT_PASSWORD, signInViaLogin } from '../../test/factories.ts';
import { linkFrom } from '../../test/smtpPeer.ts';
import { startTestServer, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function signedInClient(overrides: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(overrides);
  const client = server.client();
  await signInViaLogin(client, user);
  return { user, client };
}

describe('PUT /api/user/profile', () => {
  it('updates the name and keeps verification when the e-mail stays', async () => {
    const { user, client } = await signedInClient();
    const res = await client.put<UserResponse>('/api/user/profile', { username: user.username, name: '  Grace  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Grace', emailVerified: true });
  });

  it('a new e-mail must be verified again and gets its own link', async () => {
    const { client } = await signedInClient();
    const res = await client.put<UserResponse>('/api/user/profile', {
      username: 'Moved@Example.org',
      name: null,
      currentPassword: DEFAULT_PASSWORD,
    });
    expect(res.body).toMatchObject({ username: 'moved@example.org', emailVerified: false });
    const mail = await server.smtp.waitFor('moved@example.org', 'Verify');
    const link = new URL(linkFrom(mail, `${server.url}/verify-email?token=`));
    expect((await server.client().get(`/api/verify-email${link.search}`)).status).toBe(200);
  });

  it('refuses an e-mail that belongs to someone else, a blank one, or a signed-out caller', async () => {
    const other = await createUser();
    const { user, client } = await signedInClient();
    const taken = await client.put('/api/user/profile', {
      username: other.username,
      name: 'x',
      currentPassword: DEFAULT_PASSWORD,
    });
    expect(taken.status).toBe(409);
    const blank = await client.put('/api/user/profile', { username: '  ', name: 'x' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ message: MESSAGES.emailRequired });
    expect((await client.get<UserResponse>('/api/user')).body.username).toBe(user.username);
    expect((await server.client().put('/api/user/profile', { username: 'a@b.org' })).status).toBe(401);
  });

  it('ignores fields a user may not set (mass assignment)', async () => {
    const { user, client } = await signedInClient({ emailVerified: false });
    const res = await client.put<UserResponse>('/api/user/profile', {
      username: user.username,
      name: 'Eve',
      emailVerified: true,
      subscriptionStatus: 'professional',
      activeFormLimit: 99,
    });
    expect(res.body).toMatchObject({ emailVerified: false, subscriptionStatus: 'free', activeFormLimit: 1 });
  });

  it.each([
    ['no current password', {}, MESSAGES.currentPasswordRequiredForEmail],
    ['an empty current password', { currentPassword: '' }, MESSAGES.currentPasswordRequiredForEmail],
    ['a wrong current password', { currentPassword: 'not-my-password' }, MESSAGES.currentPasswordWrong],
  ])('refuses a new e-mail with %s and changes nothing', async (_, password, message) => {
    const { user, client } = await signedInClient();
    const res = await client.put('/api/user/profile', { username: 'thief@example.org', name: 'Thief', ...password });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message });
    const after = await client.get<UserResponse>('/api/user');
    expect(after.body).toMatchObject({ username: user.username, name: 'Test User', emailVerified: true });
    // No verification link went out to the new address either.
    expect(await server.knex('email_verification_tokens').where({ user_id: user.id })).toHaveLength(0);
  });

  it('limits guesses of the current password, even in a parallel burst', async () => {
    const { user, client } = await signedInClient();
    const guesses = Array.from({ length: 20 }, (_, i) =>
      client.put('/api/user/profile', { username: 'thief2@example.org', name: null, currentPassword: `guess-${i}` }),
    );
    const statuses = (await Promise.all(guesses)).map((res) => res.status);
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(10);
    const right = await client.put('/api/user/profile', {
      username: 'thief2@example.org',
      name: null,
      currentPassword: DEFAULT_PASSWORD,
    });
    expect(right.status).toBe(429);
    expect((await client.get<UserResponse>('/api/user')).body.username).toBe(user.username);
  });

  it('keeps the administrator e-mail fixed', async () => {
    const client = server.client();
    await client.post('/api/login', { username: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD });
    const res = await client.put('/api/user/profile', { username: 'new-admin@example.org', name: 'Admin' });
    expect(res.status).toBe(400);
  });
});

describe('PATCH /api/profile/password', () => {
  it('changes the password, ends other sessions and keeps this one', async () => {
    const { user, client } = await signedInClient();
    const otherDevice = server.client();
    await signInViaLogin(otherDevice, user);
    const res = await client.patch('/api/profile/password', {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'fresh-secret',
    });
    expect(res.status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await otherDevice.get('/api/user')).status).toBe(401);
    await signInViaLogin(server.client(), user, 'fresh-secret');
  });

  it.each([
    [{ currentPassword: '', newPassword: 'fresh-secret' }, MESSAGES.allPasswordFieldsRequired],
    [{ currentPassword: DEFAULT_PASSWORD }, MESSAGES.allPasswordFieldsRequired],
    [{ currentPassword: DEFAULT_PASSWORD, newPassword: '123' }, MESSAGES.newPasswordTooShort],
    [{ currentPassword: 'wrong-one', newPassword: 'fresh-secret' }, MESSAGES.currentPasswordWrong],
  ])('refuses %o and keeps the old password', async (body, message) => {
    const { user, client } = await signedInClient();
    const res = await client.patch('/api/profile/password', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message });
    await signInViaLogin(server.client(), user);
  });
});

describe('tutorial completion', () => {
  it('records the owner and data-entry tutorials separately', async () => {
    const { client } = await signedInClient();
    const owner = await client.post<UserResponse>('/api/tutorial/complete');
    expect(owner.body).toMatchObject({ hasCompletedTutorial: true, hasCompletedDataEntryTutorial: false });
    const entry = await client.post<UserResponse>('/api/tutorial/data-entry/complete');
    expect(entry.body).toMatchObject({ hasCompletedTutorial: true, hasCompletedDataEntryTutorial: true });
    expect((await server.client().post('/api/tutorial/complete')).status).toBe(401);
  });
});
