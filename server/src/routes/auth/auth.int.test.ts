import { MESSAGES } from '@formscribe/common/messages';
import { FREE_PLAN } from '@formscribe/common/plans';
import type { UserResponse } from '@formscribe/common/schemas/user';
import { hash as argon2Hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session } from '../../models/index.ts';
import { createUser, DEFAULT_PASSWORD, signInViaLogin } from '../../test/factories.ts';
import { sessionCookieLine } from '../../test/responseHeaders.ts';
import { startTestServer, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const SECRET_KEYS = ['password', 'stripeCustomerId', 'stripeSubscriptionId', 'token', 'tokenHash'];

// A sign-in also sets the device cookie, with its own lifetime: read the session's line alone.
const sessionCookie = (headers: Headers) => sessionCookieLine(headers.getSetCookie()) ?? '';

describe('POST /api/register', () => {
  it('creates the account, starts a session and never returns secrets', async () => {
    const client = server.client();
    const res = await client.post<UserResponse>('/api/register', {
      username: '  New.Person@Example.ORG ',
      password: 'hunter22',
      name: 'New Person',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: 'new.person@example.org', name: 'New Person', emailVerified: false });
    for (const key of SECRET_KEYS) expect(res.body).not.toHaveProperty(key);
    const setCookie = sessionCookie(res.headers);
    expect(setCookie).toMatch(/formscribe_session=.+; path=\/; samesite=lax; httponly/);
    expect(setCookie).not.toMatch(/expires=/i);
    expect((await client.get<UserResponse>('/api/user')).body.username).toBe('new.person@example.org');
  });

  it("starts the account on the free plan, with the free plan's limits", async () => {
    const res = await server.client().post<UserResponse>('/api/register', {
      username: 'plan@example.org',
      password: 'hunter22',
    });
    expect(res.body).toMatchObject({
      subscriptionStatus: 'free',
      activeFormLimit: FREE_PLAN.activeForms,
      imageCountLimitPerForm: FREE_PLAN.imagesPerForm,
      imageSizeLimitMB: FREE_PLAN.imageSizeMb,
    });
    expect(FREE_PLAN).toMatchObject({ activeForms: 1, imagesPerForm: 50, imageSizeMb: 2.5 });
  });

  it('rejects a taken e-mail whatever its case', async () => {
    await createUser({ username: 'taken@example.org' });
    const res = await server.client().post('/api/register', { username: 'TAKEN@example.org', password: 'hunter22' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: MESSAGES.usernameTaken });
  });

  it.each([
    [{ password: 'hunter22' }, MESSAGES.emailRequired],
    [{ username: 'not-an-email', password: 'hunter22' }, MESSAGES.invalidEmail],
    [{ username: 'short@example.org', password: '12345' }, MESSAGES.passwordTooShort],
    [{ username: 'nopass@example.org' }, 'Password is required'],
  ])('refuses %o with a clear message and creates nothing', async (body, message) => {
    const before = await server.knex('users').count('* as n').first();
    const res = await server.client().post('/api/register', body);
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toBe(message);
    expect(await server.knex('users').count('* as n').first()).toEqual(before);
  });
});

describe('POST /api/login', () => {
  it('signs in with the right password, case-insensitively, with a new token each time', async () => {
    const user = await createUser({ username: 'login@example.org' });
    const first = server.client();
    const second = server.client();
    const res = await first.post<UserResponse>('/api/login', {
      username: 'LOGIN@example.org',
      password: DEFAULT_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
    await signInViaLogin(second, user);
    expect(first.cookie('formscribe_session')).toBeTruthy();
    expect(first.cookie('formscribe_session')).not.toBe(second.cookie('formscribe_session'));
  });

  it('stores only a hash of the session token', async () => {
    const user = await createUser();
    const client = server.client();
    await signInViaLogin(client, user);
    const token = client.cookie('formscribe_session') ?? '';
    const sessions = await Session.query().where({ userId: user.id });
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.tokenHash).not.toContain(token);
    expect(sessions[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives a 30-day cookie with Remember me, a browser-session cookie without', async () => {
    const user = await createUser();
    const remembered = await server
      .client()
      .post('/api/login', { username: user.username, password: DEFAULT_PASSWORD, rememberMe: true });
    const expires = /expires=([^;]+)/i.exec(sessionCookie(remembered.headers))?.[1] ?? '';
    const days = (Date.parse(expires) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const plain = await server.client().post('/api/login', { username: user.username, password: DEFAULT_PASSWORD });
    expect(sessionCookie(plain.headers)).toMatch(/^formscribe_session=/);
    expect(sessionCookie(plain.headers)).not.toMatch(/max-age|expires/i);
  });

  it('answers the same 401 for a wrong password and an unknown account', async () => {
    const user = await createUser();
    const wrong = await server.client().post('/api/login', { username: user.username, password: 'wrong-password' });
    const unknown = await server.client().post('/api/login', { username: 'nobody@example.org', password: 'whatever' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: MESSAGES.invalidCredentials });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses missing fields with 400', async () => {
    const res = await server.client().post('/api/login', { username: 'x@example.org' });
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toBe('Password is required');
  });

  it('refuses an 11th attempt from the same address, even with the right password, with Retry-After', async () => {
    const user = await createUser();
    for (let i = 0; i < 10; i++) {
      expect(
        (await server.client().post('/api/login', { username: user.username, password: 'nope-nope' })).status,
      ).toBe(401);
    }
    const locked = await server.client().post('/api/login', { username: user.username, password: DEFAULT_PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ message: MESSAGES.tooManyRequests });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits attempts per IP address across accounts', async () => {
    await server.knex('rate_limits').delete();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await server.client().post('/api/login', { username: `ip-${i}@example.org`, password: 'whatever' });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    await server.knex('rate_limits').delete();
  });

  it('lets the administrator sign in and marks them as admin', async () => {
    const res = await server
      .client()
      .post<UserResponse>('/api/login', { username: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isAdmin: true, emailVerified: true });
  });
});

describe('password storage', () => {
  const phcParameters = (passwordHash: string) => {
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash);
    return match ? { m: Number(match[1]), t: Number(match[2]), p: Number(match[3]) } : undefined;
  };
  const storedHash = async (username: string) =>
    ((await server.knex('users').where({ username }).first('password')) as { password: string }).password;

  it('stores an argon2id hash with at least 19 MiB of memory, 2 passes and 1 lane', async () => {
    const res = await server.client().post('/api/register', { username: 'hashed@example.org', password: 'hunter22' });
    expect(res.status).toBe(201);
    const hash = await storedHash('hashed@example.org');
    expect(hash).not.toContain('hunter22');
    const params = phcParameters(hash);
    expect(params).toBeDefined();
    expect(params?.m).toBeGreaterThanOrEqual(19_456);
    expect(params?.t).toBeGreaterThanOrEqual(2);
    expect(params?.p).toBeGreaterThanOrEqual(1);
  });

  it('upgrades a hash made with weaker parameters at the next sign-in', async () => {
    const user = await createUser();
    const weak = await argon2Hash(DEFAULT_PASSWORD, { memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await server.knex('users').where({ id: user.id }).update({ password: weak });
    await signInViaLogin(server.client(), user);
    const upgraded = phcParameters(await storedHash(user.username));
    expect(upgraded?.m).toBeGreaterThanOrEqual(19_456);
    expect(upgraded?.t).toBeGreaterThanOrEqual(2);
    await signInViaLogin(server.client(), user);
  });
});

describe('GET /api/user and sessions', () => {
  it('is 401 when signed out', async () => {
    const res = await server.client().get('/api/user');
    expect(res.status).toBe(401);
  });

  it('never authenticates from an Authorization: Bearer <user id> header', async () => {
    const user = await createUser();
    for (const header of [`Bearer ${user.id}`, 'Bearer 1', `Bearer ${user.username}`]) {
      const res = await server.client().get('/api/user', { headers: { authorization: header } });
      expect(res.status).toBe(401);
    }
    const resend = await server
      .client()
      .post('/api/resend-verification', undefined, { headers: { authorization: `Bearer ${user.id}` } });
    expect(resend.status).toBe(401);
  });

  it('ignores a forged or unknown session cookie', async () => {
    const client = server.client();
    client.setCookie('formscribe_session', 'forged-token');
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('ends the session on logout: the old cookie no longer works', async () => {
    const user = await createUser();
    const client = server.client();
    await signInViaLogin(client, user);
    const token = client.cookie('formscribe_session') ?? '';
    expect((await client.post('/api/logout')).status).toBe(204);
    expect((await client.get('/api/user')).status).toBe(401);
    const replay = server.client();
    replay.setCookie('formscribe_session', token);
    expect((await replay.get('/api/user')).status).toBe(401);
  });

  it('refuses state-changing requests from a foreign Origin and changes nothing', async () => {
    const user = await createUser();
    const client = server.client();
    await signInViaLogin(client, user);
    const res = await client.put(
      '/api/user/profile',
      { username: user.username, name: 'Hacked' },
      {
        origin: 'https://evil.example',
      },
    );
    expect(res.status).toBe(403);
    expect((await client.get<UserResponse>('/api/user')).body.name).toBe('Test User');
    const login = await server
      .client()
      .post('/api/login', { username: user.username, password: DEFAULT_PASSWORD }, { origin: 'https://evil.example' });
    expect(login.status).toBe(403);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await server.client().get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: MESSAGES.notFound });
  });
});
