/**
 * What the server's logs say about a request, read from a real pino logger's output: each line
 * names the request it belongs to, and none carries a secret (a password, its hash, a session
 * cookie, a bearer token), even when PostgreSQL refuses a statement and the error is logged.
 * Lines that services write while serving a request name it as well.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from './services/sessions.ts';
import { createUser, DEFAULT_PASSWORD, signIn, signInViaLogin } from './test/factories.ts';
import { makePng } from './test/fixtures/imageFixtures.ts';
import { castForm, createImageCast, uploadImageOk } from './test/imageFactories.ts';
import { captureServerLogs } from './test/logCapture.ts';
import { startTestServer, type TestServer } from './test/testServer.ts';
import { createToken, professionalOwner, tokenClient } from './test/v1Fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** Lines written while the log level is `debug`, with the request's own lines picked out by its id. */
function linesOf(entries: Array<Record<string, unknown>>, requestId: string | null) {
  return entries.filter((entry) => entry.requestId === requestId);
}

describe('request logs', () => {
  it('carry the request id on the request line and on what a handler logs', async () => {
    const logs = captureServerLogs(server, 'debug');
    const client = server.client();
    await signIn(client, await createUser());
    // The admin policy logs who probed an admin route: a handler's own line.
    const refused = await client.get('/api/admin/stats');
    expect(refused.status).toBe(403);
    const requestId = refused.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const own = linesOf(logs.entries(), requestId);
    expect(own.map((entry) => entry.msg).sort()).toEqual(['request', 'super-admin route refused']);
    expect(own.find((entry) => entry.msg === 'request')).toMatchObject({
      method: 'GET',
      path: '/api/admin/stats',
      status: 403,
    });
  });

  it('never carry a password, a session cookie or a bearer token', async () => {
    const logs = captureServerLogs(server, 'trace');
    const password = 'sunflower-Password-7781';
    const user = await createUser({ password });
    const client = server.client();
    await signInViaLogin(client, user, password);
    const cookie = client.cookie(SESSION_COOKIE) ?? '';
    expect(cookie.length).toBeGreaterThan(10);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await client.post('/api/logout')).status).toBeLessThan(300);
    const wrong = await server.client().post('/api/login', { username: user.username, password: `${password}x` });
    expect(wrong.status).toBe(401);
    const bearer = await server
      .client()
      .get('/api/forms', { headers: { authorization: 'Bearer secret-api-token-991' } });
    expect(bearer.status).toBe(401);

    expect(logs.lines.length).toBeGreaterThan(0);
    for (const secret of [password, cookie, 'secret-api-token-991']) expect(logs.text).not.toContain(secret);
  });

  it('never carry the token of a one-click unsubscribe link', async () => {
    const logs = captureServerLogs(server, 'debug');
    const token = randomBytes(32).toString('base64url');
    // Mail clients post to the link's URL (RFC 8058); whether the token is still good or not, it is a secret.
    const response = await server.client().post(`/api/unsubscribe/${token}`, undefined, { origin: null });
    const line = linesOf(logs.entries(), response.headers.get('x-request-id')).find((entry) => entry.msg === 'request');
    expect(line?.path).toBe('/api/unsubscribe/[redacted]');
    expect(logs.text).not.toContain(token);
  });

  it('never carry a secret an API client put in the query string, whatever its spelling', async () => {
    const owner = await professionalOwner(server);
    const apiToken = await createToken(owner);
    const logs = captureServerLogs(server, 'debug');
    // Scripts put credentials where their other API took them: the token in the query, beside the header.
    const secrets = {
      access_token: apiToken,
      API_KEY: `api-key-${randomBytes(8).toString('hex')}`,
      Password: `password-${randomBytes(8).toString('hex')}`,
      clientSecret: `client-secret-${randomBytes(8).toString('hex')}`,
      'X-Amz-Signature': `signature-${randomBytes(8).toString('hex')}`,
      code: `oauth-code-${randomBytes(8).toString('hex')}`,
      key: `google-key-${randomBytes(8).toString('hex')}`,
    };
    // A name written with escapes is the same name to the server: %61 is "a".
    const query = `limit=5&${Object.entries(secrets)
      .map(([name, value]) => `${encodeURIComponent(name).replace(/^a/, '%61')}=${encodeURIComponent(value)}`)
      .join('&')}`;
    const response = await tokenClient(server, apiToken).get(`/api/v1/forms?${query}`);
    expect(response.status).toBe(200);

    const line = linesOf(logs.entries(), response.headers.get('x-request-id')).find((entry) => entry.msg === 'request');
    expect(line?.path).toBe('/api/v1/forms');
    // What is not a secret stays readable: which parameters came, and the harmless values.
    expect(line?.query).toContain('limit=5');
    expect(line?.query).toContain('%61ccess_token=[redacted]');
    expect(line?.query).toContain('clientSecret=[redacted]');
    for (const secret of Object.values(secrets)) expect(logs.text).not.toContain(secret);
  });

  it('never carry a secret nested in a bracketed parameter, whose last name alone says it is one', async () => {
    const owner = await professionalOwner(server);
    const apiToken = await createToken(owner);
    const logs = captureServerLogs(server, 'debug');
    // Clients built on qs-style encoders send objects as user[pass]=...; the short names are secrets only whole.
    const secrets = {
      'user[pass]': `pass-${randomBytes(8).toString('hex')}`,
      'maps[key]': `key-${randomBytes(8).toString('hex')}`,
      'sso[code]': `code-${randomBytes(8).toString('hex')}`,
    };
    const query = `limit=5&${Object.entries(secrets)
      .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
      .join('&')}&sort[keyword]=name`;
    const response = await tokenClient(server, apiToken).get(`/api/v1/forms?${query}`);
    expect(response.status).toBe(200);

    const line = linesOf(logs.entries(), response.headers.get('x-request-id')).find((entry) => entry.msg === 'request');
    expect(line?.query).toContain('user[pass]=[redacted]');
    expect(line?.query).toContain('sort[keyword]=name');
    for (const secret of Object.values(secrets)) expect(logs.text).not.toContain(secret);
  });

  it('never carry an API token a client put in the path, or after a semicolon', async () => {
    const owner = await professionalOwner(server);
    const apiToken = await createToken(owner);
    const logs = captureServerLogs(server, 'debug');
    const client = tokenClient(server, apiToken);
    const answers = await Promise.all([
      client.get(`/api/v1/forms;access_token=${apiToken}`),
      client.get(`/api/v1/forms/${apiToken}`),
      client.get(`/api/v1/forms?limit=5;api_key=${apiToken}`),
      client.get(`/api/v1/forms?t=${apiToken}`),
    ]);
    const lines = answers.map((answer) =>
      linesOf(logs.entries(), answer.headers.get('x-request-id')).find((entry) => entry.msg === 'request'),
    );
    expect(lines.map((line) => line?.path)).toEqual([
      '/api/v1/forms;access_token=[redacted]',
      '/api/v1/forms/[redacted]',
      '/api/v1/forms',
      '/api/v1/forms',
    ]);
    expect(logs.text).not.toContain(apiToken);
  });

  it('log a statement PostgreSQL refuses with the request id, but no value of the refused row', async () => {
    // A check the application does not know about, on this test's own database: the insert of a
    // new account fails inside PostgreSQL, as it would on a full disk or a broken migration.
    await server.knex.raw(
      "ALTER TABLE users ADD CONSTRAINT logs_test_refuses CHECK (username NOT LIKE 'refused-%') NOT VALID",
    );
    const logs = captureServerLogs(server, 'debug');
    const username = 'refused-newcomer@example.org';
    const response = await server.client().post('/api/register', { username, password: DEFAULT_PASSWORD, name: 'New' });
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ message: 'Internal server error' });

    const requestId = response.headers.get('x-request-id');
    const failure = linesOf(logs.entries(), requestId).find((entry) => entry.msg === 'unhandled error');
    expect(failure, 'the failure is logged with its request id').toBeDefined();
    expect(JSON.stringify(failure)).toContain('logs_test_refuses');
    // The row's values (the password hash above all) stay out of the logs.
    expect(logs.text).not.toContain('$argon2');
    expect(logs.text).not.toContain(username);
  });
});

describe('a service that logs while serving a request', () => {
  let s3Server: TestServer;
  beforeAll(async () => {
    s3Server = await startTestServer({}, { storage: 's3' });
  });
  afterAll(async () => {
    await s3Server.s3?.resume();
    await s3Server.stop();
  });

  it('names the request too: files a deleted image left in an unreachable bucket', async () => {
    const cast = await createImageCast(s3Server);
    const form = await castForm(cast);
    const image = await uploadImageOk(cast.ownerClient, form.id, await makePng(40, 30));
    const logs = captureServerLogs(s3Server, 'debug');
    await s3Server.s3?.pause();
    // The row goes (that is what the owner asked for); the service logs the files it could not remove.
    const deleted = await cast.ownerClient.delete(`/api/images/${image.id}`);
    expect(deleted.status).toBeLessThan(300);
    const warning = logs.entries().find((entry) => entry.msg === 'files of a deleted image could not be removed');
    expect(warning?.imageId).toBe(image.id);
    expect(warning?.requestId).toBe(deleted.headers.get('x-request-id'));
  });
});
