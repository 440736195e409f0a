/**
 * Sign-in limits as an attacker and an owner meet them: parallel bursts are counted before any
 * password is checked, and an attacker elsewhere cannot lock the owner out. The app trusts
 * X-Forwarded-For here (TRUST_PROXY), so each request can come from an address of the test's choosing.
 */
import { RATE_LIMITS } from '@formscribe/common/limits';
import { MESSAGES } from '@formscribe/common/messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../../models/index.ts';
import { createUser, DEFAULT_PASSWORD } from '../../test/factories.ts';
import { registerThroughRoute } from '../../test/responseHeaders.ts';
import type { TestClient, TestResponse } from '../../test/testClient.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(() => server.stop());
// Every test starts with fresh counters: the limits of one test must not leak into the next.
beforeEach(async () => {
  await server.knex('rate_limits').delete();
});

const WRONG_PASSWORD = 'not-the-password';

function login(username: string, password: string, ip: string, client: TestClient = server.client()) {
  return client.post('/api/login', { username, password }, { headers: { 'x-forwarded-for': ip } });
}

const statusesOf = (responses: TestResponse[]) => responses.map((r) => r.status);
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

/** `n` attacker addresses, numbered from `first` so each test has its own. */
const attackerAddresses = (first: number, n: number) => Array.from({ length: n }, (_, i) => `192.0.2.${first + i}`);

/** Fails `times` sign-ins for the user from each address, every request in parallel. */
async function attackFrom(user: User, ips: string[], times: number): Promise<number[]> {
  const burst = ips.flatMap((ip) => Array.from({ length: times }, () => login(user.username, WRONG_PASSWORD, ip)));
  return statusesOf(await Promise.all(burst));
}

describe('parallel bursts are counted before the password is checked', () => {
  it('checks at most 10 of 30 parallel wrong passwords for one account, and refuses the right one after them', async () => {
    const user = await createUser();
    const burst = Array.from({ length: 30 }, () => login(user.username, WRONG_PASSWORD, '203.0.113.10'));
    // Sent once the server has answered part of the burst: by then it has seen the attempts.
    await Promise.race(burst);
    const rightPassword = await login(user.username, DEFAULT_PASSWORD, '203.0.113.10');
    const statuses = statusesOf(await Promise.all(burst));

    expect(count(statuses, 401)).toBeLessThanOrEqual(RATE_LIMITS.loginPerAccountIp.limit);
    expect(count(statuses, 401) + count(statuses, 429)).toBe(30);
    expect(rightPassword.status).toBe(429);
    expect(rightPassword.body).toMatchObject({ message: MESSAGES.tooManyRequests });
    expect(Number(rightPassword.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('checks at most 30 of 120 parallel sign-ins from one address across accounts', async () => {
    const accounts = Array.from({ length: 120 }, (_, i) => `spray-${i}@example.org`);
    const burst = accounts.map((username) => login(username, WRONG_PASSWORD, '203.0.113.20'));
    const statuses = statusesOf(await Promise.all(burst));
    expect(count(statuses, 401)).toBeLessThanOrEqual(RATE_LIMITS.loginPerIp.limit);
    expect(count(statuses, 429)).toBeGreaterThanOrEqual(120 - RATE_LIMITS.loginPerIp.limit);
    expect(count(statuses, 401) + count(statuses, 429)).toBe(120);
  });
});

describe('the address behind the proxy', () => {
  it('is the one the proxy appended: entries the client forged before it do not buy fresh allowances', async () => {
    const accounts = Array.from({ length: 40 }, (_, i) => `forged-${i}@example.org`);
    const burst = accounts.map((username, i) =>
      server
        .client()
        .post(
          '/api/login',
          { username, password: WRONG_PASSWORD },
          { headers: { 'x-forwarded-for': `10.9.${i}.1, 203.0.113.30` } },
        ),
    );
    const statuses = statusesOf(await Promise.all(burst));
    expect(count(statuses, 401)).toBeLessThanOrEqual(RATE_LIMITS.loginPerIp.limit);
    expect(count(statuses, 429)).toBeGreaterThanOrEqual(40 - RATE_LIMITS.loginPerIp.limit);
  });
});

describe('a shared address (a school, an office) is not a suspect', () => {
  it('lets more than 30 people sign in one after another from the same address', async () => {
    const ip = '198.51.100.7';
    const users = await Promise.all(Array.from({ length: 35 }, () => createUser()));
    const statuses: number[] = [];
    for (const user of users) statuses.push((await login(user.username, DEFAULT_PASSWORD, ip)).status);
    expect(statuses).toEqual(users.map(() => 200));
    // Successes used none of the address's allowance for mistakes.
    expect((await login('typo@example.org', WRONG_PASSWORD, ip)).status).toBe(401);
  });
});

describe('an attacker cannot lock the owner out', () => {
  it('limits wrong passwords per account and address, not per account', async () => {
    const user = await createUser();
    const attack = await attackFrom(user, ['192.0.2.66'], 10);
    expect(attack).toEqual(Array.from({ length: 10 }, () => 401));
    expect((await login(user.username, DEFAULT_PASSWORD, '192.0.2.66')).status).toBe(429);
    // The owner, from anywhere else, is not the attacker's address.
    expect((await login(user.username, DEFAULT_PASSWORD, '198.51.100.44')).status).toBe(200);
  });

  it('past the account-wide limit, lets the owner in from a known address or browser and refuses strangers', async () => {
    const user = await createUser();
    const ownerBrowser = server.client();
    expect((await login(user.username, DEFAULT_PASSWORD, '198.51.100.1', ownerBrowser)).status).toBe(200);

    const attackerIps = attackerAddresses(100, 10);
    const attack = await attackFrom(user, attackerIps, RATE_LIMITS.loginPerAccount.limit / attackerIps.length);
    expect(count(attack, 401)).toBe(RATE_LIMITS.loginPerAccount.limit);

    const stranger = await login(user.username, DEFAULT_PASSWORD, '203.0.113.99');
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another browser at the owner's usual address, and the owner's own browser on a new network.
    expect((await login(user.username, DEFAULT_PASSWORD, '198.51.100.1')).status).toBe(200);
    expect((await login(user.username, DEFAULT_PASSWORD, '203.0.113.150', ownerBrowser)).status).toBe(200);
  });

  it('lets a stranger with the right password in while the account-wide limit is not reached', async () => {
    const user = await createUser();
    const attackerIps = attackerAddresses(200, 5);
    expect(count(await attackFrom(user, attackerIps, 10), 401)).toBe(50);
    expect((await login(user.username, DEFAULT_PASSWORD, '203.0.113.77')).status).toBe(200);
  });

  it('forgets an address after 30 days without a sign-in from it', async () => {
    const user = await createUser();
    expect((await login(user.username, DEFAULT_PASSWORD, '198.51.100.2')).status).toBe(200);
    await server
      .knex('known_login_sources')
      .where({ user_id: user.id })
      .update({ last_success_at: server.knex.raw("now() - interval '31 days'") });
    // A sign-in from elsewhere since then: that address is known, and the stale one is dropped.
    expect((await login(user.username, DEFAULT_PASSWORD, '198.51.100.12')).status).toBe(200);
    const addresses = await server.knex('known_login_sources').where({ user_id: user.id, kind: 'ip' });
    expect(addresses.map((row: { fingerprint: string }) => row.fingerprint)).toEqual(['198.51.100.12']);

    await attackFrom(user, attackerAddresses(30, 10), 10);
    expect((await login(user.username, DEFAULT_PASSWORD, '198.51.100.2')).status).toBe(429);
    expect((await login(user.username, DEFAULT_PASSWORD, '198.51.100.12')).status).toBe(200);
  });

  it('knows a browser only for the account it signed in to', async () => {
    const owner = await createUser();
    const victim = await createUser();
    const browser = server.client();
    expect((await login(owner.username, DEFAULT_PASSWORD, '198.51.100.3', browser)).status).toBe(200);
    await attackFrom(victim, attackerAddresses(50, 10), 10);
    expect((await login(victim.username, DEFAULT_PASSWORD, '198.51.100.3', browser)).status).toBe(429);
  });

  it('remembers the browser with a year-long httpOnly SameSite=Lax cookie whose token is stored only hashed', async () => {
    const user = await createUser();
    const browser = server.client();
    const res = await login(user.username, DEFAULT_PASSWORD, '198.51.100.4', browser);
    const deviceCookie = res.headers.getSetCookie().find((line) => line.startsWith('formscribe_device=')) ?? '';
    expect(deviceCookie).toMatch(/httponly/i);
    expect(deviceCookie).toMatch(/samesite=lax/i);
    const expires = Date.parse(/expires=([^;]+)/i.exec(deviceCookie)?.[1] ?? '');
    expect((expires - Date.now()) / 86_400_000).toBeGreaterThan(360);
    const token = browser.cookie('formscribe_device') ?? '';
    expect(token.length).toBeGreaterThanOrEqual(32);
    const stored = await server.knex('known_login_sources').where({ user_id: user.id, kind: 'device' });
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('makes the device cookie Secure on an https deployment', async () => {
    const https = await startTestServer({ PUBLIC_URL: 'https://forms.example.org', TRUST_PROXY: 'true' });
    try {
      const response = await registerThroughRoute(https, {
        origin: 'https://forms.example.org',
        headers: { 'x-forwarded-proto': 'https' },
      });
      const deviceCookie = response.headers.getSetCookie().find((line) => line.startsWith('formscribe_device='));
      expect(deviceCookie).toMatch(/; secure/i);
    } finally {
      await https.stop();
    }
  });
});
