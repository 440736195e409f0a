/**
 * A reset link belongs to the account as it was when the link was mailed: a change of password or
 * e-mail, or a reset, retires every outstanding link, even one racing the change (issue 24, item 2).
 */
import { MESSAGES } from '@formscribe/common/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../models/index.ts';
import { createUser, DEFAULT_PASSWORD, signIn } from '../../test/factories.ts';
import { linkFrom } from '../../test/smtpPeer.ts';
import type { TestClient } from '../../test/testClient.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function mailedResetToken(email: string): Promise<string> {
  expect((await server.client().post('/api/forgot-password', { email })).status).toBe(200);
  const mail = await server.smtp.waitFor(email, 'Reset your Formscribe password');
  return new URL(linkFrom(mail, `${server.url}/reset-password?token=`)).searchParams.get('token') ?? '';
}

async function signedIn(): Promise<{ user: User; client: TestClient }> {
  const user = await createUser();
  const client = server.client();
  await signIn(client, user);
  return { user, client };
}

async function linkStillWorks(token: string): Promise<boolean> {
  const res = await server.client().get<{ valid: boolean }>(`/api/verify-reset-token/${token}`);
  return res.body.valid;
}

async function expectLinkRefused(token: string): Promise<void> {
  expect(await linkStillWorks(token)).toBe(false);
  const res = await server.client().post('/api/reset-password', { token, password: 'taken-back-pass' });
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ message: MESSAGES.resetTokenInvalid });
}

describe('reset links after the account changes hands', () => {
  it('a link mailed to the old address dies when the password and the e-mail change', async () => {
    const { user, client } = await signedIn();
    const token = await mailedResetToken(user.username);

    const passwordChange = await client.patch('/api/profile/password', {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'new-owner-pass',
    });
    expect(passwordChange.status).toBe(200);
    const newAddress = `moved-${user.id}@example.org`;
    const move = await client.put('/api/user/profile', {
      username: newAddress,
      name: null,
      currentPassword: 'new-owner-pass',
    });
    expect(move.status).toBe(200);

    await expectLinkRefused(token);
    const login = await server.client().post('/api/login', { username: newAddress, password: 'new-owner-pass' });
    expect(login.status).toBe(200);
  });

  it('a change of e-mail alone retires the link', async () => {
    const { user, client } = await signedIn();
    const token = await mailedResetToken(user.username);
    const move = await client.put('/api/user/profile', {
      username: `elsewhere-${user.id}@example.org`,
      name: null,
      currentPassword: DEFAULT_PASSWORD,
    });
    expect(move.status).toBe(200);
    await expectLinkRefused(token);
  });

  it('a change of password alone retires the link', async () => {
    const { user, client } = await signedIn();
    const token = await mailedResetToken(user.username);
    const change = await client.patch('/api/profile/password', {
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'changed-pass',
    });
    expect(change.status).toBe(200);
    await expectLinkRefused(token);
  });

  it('a change of name alone leaves the link working', async () => {
    const { user, client } = await signedIn();
    const token = await mailedResetToken(user.username);
    expect((await client.put('/api/user/profile', { username: user.username, name: 'Renamed' })).status).toBe(200);
    expect(await linkStillWorks(token)).toBe(true);
  });

  it('of a reset and a change of e-mail sent at once, only one goes through', async () => {
    for (let round = 0; round < 8; round += 1) {
      const { user, client } = await signedIn();
      const token = await mailedResetToken(user.username);
      const [reset, move] = await Promise.all([
        server.client().post('/api/reset-password', { token, password: 'taken-back-pass' }),
        client.put('/api/user/profile', {
          username: `raced-${user.id}@example.org`,
          name: null,
          currentPassword: DEFAULT_PASSWORD,
        }),
      ]);
      const succeeded = [reset.status, move.status].filter((status) => status === 200);
      expect(succeeded, `round ${round}: reset ${reset.status}, move ${move.status}`).toHaveLength(1);
    }
  });
});
