/**
 * A personal access token from creation to revocation, as its owner and their scripts see it:
 * shown once, stored hashed, used, expiring, surviving a downgrade as a 402 and working again
 * after an upgrade; and the three authentication boundaries (no cookies on /api/v1, no tokens
 * elsewhere, never `Bearer <user id>`).
 */
import { MESSAGES } from '@formscribe/common/messages';
import type { ApiTokenListResponse, CreatedApiTokenResponse } from '@formscribe/common/schemas/apiTokens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../../models/index.ts';
import { subscribeAndPay } from '../../test/billingFixtures.ts';
import { person } from '../../test/entryFixtures.ts';
import { createForm, signIn } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { createToken, professionalOwner, tokenClient } from '../../test/v1Fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('the token lifecycle', () => {
  it('is shown once, stored only as a hash, listed with a hint, and records its last use', async () => {
    const owner = await professionalOwner(server);
    const created = await owner.client.post<CreatedApiTokenResponse>('/api/api-tokens', {
      name: 'Nightly sync',
      scope: 'read',
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const secret = created.body.token;
    expect(secret).toMatch(/^fsk_[A-Za-z0-9_-]{43}$/);

    const rows = await server.knex('api_tokens').where({ user_id: owner.user.id });
    expect(JSON.stringify(rows)).not.toContain(secret.slice(4));
    const list = await owner.client.get<ApiTokenListResponse>('/api/api-tokens');
    expect(list.text).not.toContain(secret.slice(10));
    expect(list.body.tokens).toEqual([
      expect.objectContaining({
        name: 'Nightly sync',
        scope: 'read',
        hint: `${secret.slice(0, 10)}…`,
        lastUsedAt: null,
      }),
    ]);

    const res = await tokenClient(server, secret).get('/api/v1/forms');
    expect(res.status).toBe(200);
    const after = await owner.client.get<ApiTokenListResponse>('/api/api-tokens');
    expect(after.body.tokens[0]?.lastUsedAt).not.toBeNull();
  });

  it('stops working once revoked, and a stranger cannot revoke it', async () => {
    const owner = await professionalOwner(server);
    const stranger = await professionalOwner(server);
    const secret = await createToken(owner);
    const [token] = (await owner.client.get<ApiTokenListResponse>('/api/api-tokens')).body.tokens;
    if (!token) throw new Error('no token');

    expect((await stranger.client.delete(`/api/api-tokens/${token.id}`)).status).toBe(404);
    expect((await tokenClient(server, secret).get('/api/v1/forms')).status).toBe(200);

    expect((await owner.client.delete(`/api/api-tokens/${token.id}`)).status).toBe(204);
    const res = await tokenClient(server, secret).get('/api/v1/forms');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: MESSAGES.apiTokenInvalid });
  });

  it('stops working when it expires', async () => {
    const owner = await professionalOwner(server);
    const secret = await createToken(owner, 'read', { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    expect((await tokenClient(server, secret).get('/api/v1/forms')).status).toBe(200);
    await server
      .knex('api_tokens')
      .where({ user_id: owner.user.id })
      .update({ expires_at: new Date(Date.now() - 1) });
    const res = await tokenClient(server, secret).get('/api/v1/forms');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: MESSAGES.apiTokenExpired });
  });

  it('refuses an expiry in the past', async () => {
    const owner = await professionalOwner(server);
    const res = await owner.client.post('/api/api-tokens', {
      name: 'Too late',
      scope: 'read',
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: MESSAGES.apiTokenExpiryPast });
  });

  it('answers 402 after a downgrade, keeps the token, and works again after upgrading', async () => {
    const owner = await person(server);
    await createForm(owner.user, { name: 'Parish census' });
    await subscribeAndPay(owner.client, 'professional');
    const secret = await createToken(owner, 'read');
    const api = tokenClient(server, secret);
    expect((await api.get('/api/v1/forms')).status).toBe(200);

    expect((await owner.client.post('/api/downgrade-subscription', { planId: 'starter' })).status).toBe(200);
    const refused = await api.get('/api/v1/forms');
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({ message: MESSAGES.apiNeedsProfessional, upgrade: true });
    expect((await owner.client.get<ApiTokenListResponse>('/api/api-tokens')).body.tokens).toHaveLength(1);

    const back = await owner.client.post('/api/upgrade-subscription', { planId: 'professional' });
    expect(back.body).toMatchObject({ requiresPayment: false });
    const res = await api.get<{ data: { name: string }[] }>('/api/v1/forms');
    expect(res.status).toBe(200);
    expect(res.body.data.map((form) => form.name)).toEqual(['Parish census']);
  });

  it('cannot be created without the Professional plan', async () => {
    const starter = await person(server);
    const res = await starter.client.post('/api/api-tokens', { name: 'Sync', scope: 'read' });
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ message: MESSAGES.apiNeedsProfessional, upgrade: true });
  });

  it('works for the super admin without a plan', async () => {
    const user = await User.query().findOne({ username: server.deps.config.adminEmail });
    if (!user) throw new Error('no admin');
    const admin = { user, client: server.client() };
    await signIn(admin.client, user);
    expect(user.plan).toBe('free');
    const secret = await createToken(admin);
    expect((await tokenClient(server, secret).get('/api/v1/forms')).status).toBe(200);
  });
});

describe('authentication boundaries', () => {
  it('a signed-in cookie session without a token gets 401 on /api/v1', async () => {
    const owner = await professionalOwner(server);
    await createForm(owner.user, { name: 'Cookie form' });
    const res = await owner.client.get('/api/v1/forms');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: MESSAGES.apiTokenMissing });
    expect(res.text).not.toContain('Cookie form');
  });

  it('a token authenticates nobody outside /api/v1', async () => {
    const owner = await professionalOwner(server);
    const secret = await createToken(owner, 'read_write');
    const api = tokenClient(server, secret);
    expect((await api.get('/api/user')).status).toBe(401);
    expect((await api.get('/api/forms')).status).toBe(401);
    expect((await api.post('/api/forms', { name: 'Via token' })).status).toBe(401);
  });

  it('the spec’s Bearer <user id> never authenticates, on /api/v1 or elsewhere', async () => {
    const owner = await professionalOwner(server);
    const byId = tokenClient(server, String(owner.user.id));
    const v1 = await byId.get('/api/v1/forms');
    expect(v1.status).toBe(401);
    expect(v1.body).toEqual({ message: MESSAGES.apiTokenInvalid });
    expect((await byId.get('/api/user')).status).toBe(401);
  });
});
