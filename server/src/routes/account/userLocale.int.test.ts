/**
 * The interface language a user chose (issue 29) over HTTP: null until chosen, set alone by the
 * picker's `{ locale }` (nothing else changes) or with the profile's details, and refused when it
 * is not one of the five languages.
 */
import type { UserResponse } from '@formscribe/common/schemas/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signInViaLogin } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function signedInClient() {
  const user = await createUser({ name: 'Ada' });
  const client = server.client();
  await signInViaLogin(client, user);
  return { user, client };
}

describe('the user’s language', () => {
  it('is null until chosen, then follows the account on a new sign-in', async () => {
    const { user, client } = await signedInClient();
    expect((await client.get<UserResponse>('/api/user')).body.locale).toBeNull();

    const chosen = await client.put<UserResponse>('/api/user/profile', { locale: 'fr' });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ locale: 'fr', name: 'Ada', username: user.username });

    const elsewhere = server.client();
    await signInViaLogin(elsewhere, user);
    expect((await elsewhere.get<UserResponse>('/api/user')).body.locale).toBe('fr');

    const cleared = await client.put<UserResponse>('/api/user/profile', { locale: null });
    expect(cleared.body.locale).toBeNull();
  });

  it('a language that is not one of ours is a 400 and changes nothing', async () => {
    const { client } = await signedInClient();
    await client.put('/api/user/profile', { locale: 'ar' });
    for (const locale of ['xx', 'de', 'EN', '']) {
      const refused = await client.put('/api/user/profile', { locale });
      expect(refused.status).toBe(400);
    }
    expect((await client.get<UserResponse>('/api/user')).body.locale).toBe('ar');
  });

  it('the profile’s details may carry it; without it the stored language stays', async () => {
    const { user, client } = await signedInClient();
    const both = await client.put<UserResponse>('/api/user/profile', {
      username: user.username,
      name: 'Grace',
      locale: 'pt',
    });
    expect(both.body).toMatchObject({ name: 'Grace', locale: 'pt' });
    const detailsOnly = await client.put<UserResponse>('/api/user/profile', { username: user.username, name: 'Lin' });
    expect(detailsOnly.body).toMatchObject({ name: 'Lin', locale: 'pt' });
  });

  it('a signed-out caller cannot set one', async () => {
    expect((await server.client().put('/api/user/profile', { locale: 'fr' })).status).toBe(401);
  });
});
