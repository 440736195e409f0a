/**
 * Security review (issue 9, item 11): the API reads JSON bodies, and multipart only on the upload
 * routes. A form-encoded or text body is what an HTML form on another site can send; it gets a
 * 415 and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Form, Session, type User } from './models/index.ts';
import { createForm, createUser, DEFAULT_PASSWORD, signIn } from './test/factories.ts';
import { makeJpeg } from './test/fixtures/imageFixtures.ts';
import { fileForm } from './test/imageFactories.ts';
import type { TestClient } from './test/testClient.ts';
import { startTestServer, type TestServer } from './test/testServer.ts';

let server: TestServer;
let user: User;
let client: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  user = await createUser();
  client = server.client();
  await signIn(client, user);
});
afterAll(() => server.stop());

const SEND_JSON = { message: 'Send the request body as JSON' };

/** A request as a browser form (or a script) would send it, from our own origin. */
function send(path: string, body: URLSearchParams | FormData | string, contentType?: string, cookie?: string) {
  const headers: Record<string, string> = { origin: server.url };
  if (contentType) headers['content-type'] = contentType;
  if (cookie) headers.cookie = cookie;
  return fetch(new URL(path, server.url), { method: 'POST', headers, body });
}

const sessionsOf = (someone: User) => Session.query().where({ userId: someone.id }).resultSize();
const sessionCookie = () => `formscribe_session=${client.cookie('formscribe_session')}`;

describe('request bodies', () => {
  it('refuses a form-encoded login with 415, starting no session', async () => {
    const before = await sessionsOf(user);
    const credentials = new URLSearchParams({ username: user.username, password: DEFAULT_PASSWORD });
    const res = await send('/api/login', credentials);
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual(SEND_JSON);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await sessionsOf(user)).toBe(before);
  });

  it('refuses text and multipart bodies on JSON routes, creating nothing', async () => {
    const forms = () => Form.query().where({ createdById: user.id }).resultSize();
    const before = await forms();
    const text = await send('/api/forms', JSON.stringify({ name: 'Via text' }), 'text/plain', sessionCookie());
    expect([text.status, await text.json()]).toEqual([415, SEND_JSON]);
    const multipart = new FormData();
    multipart.append('name', 'Via multipart');
    const parts = await send('/api/forms', multipart, undefined, sessionCookie());
    expect([parts.status, await parts.json()]).toEqual([415, SEND_JSON]);
    expect(await forms()).toBe(before);
  });

  it('refuses a form-encoded body even where the route reads none (logout keeps the session)', async () => {
    const tab = server.client();
    await signIn(tab, user);
    const cookie = `formscribe_session=${tab.cookie('formscribe_session')}`;
    const res = await send('/api/logout', new URLSearchParams({ bye: '1' }), undefined, cookie);
    expect(res.status).toBe(415);
    expect((await tab.get('/api/user')).status).toBe(200);
  });

  it('refuses a form-encoded upload with 415 saying to send multipart', async () => {
    const form = await createForm(user, { isActive: false });
    const res = await send(
      `/api/forms/${form.id}/images`,
      new URLSearchParams({ image: 'x' }),
      undefined,
      sessionCookie(),
    );
    expect([res.status, await res.json()]).toEqual([415, { message: 'Send the file as multipart/form-data' }]);
  });

  it('still takes JSON everywhere and multipart on the upload routes', async () => {
    const fresh = server.client();
    const login = await fresh.post('/api/login', { username: user.username, password: DEFAULT_PASSWORD });
    expect(login.status).toBe(200);
    const created = await client.post<{ id: number }>('/api/forms', { name: 'Via JSON' });
    expect(created.status).toBe(201);
    const upload = await client.post(`/api/forms/${created.body.id}/images`, fileForm(await makeJpeg()));
    expect(upload.status).toBe(201);
    // Bodiless requests need no type.
    expect((await fresh.post('/api/logout')).status).toBe(204);
  });
});
