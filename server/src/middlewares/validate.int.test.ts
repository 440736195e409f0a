/**
 * Input of any shape reaches the schema check without harming the server: a body nested
 * deeper than any real request is a clear 400, signed out too, never a 500 with a stack trace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, DEFAULT_PASSWORD } from '../test/factories.ts';
import { startTestServer, type TestServer } from '../test/testServer.ts';
import { INPUT_TOO_DEEP } from './validate.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const DEPTH = 100_000;

async function postRawJson(path: string, json: string) {
  const response = await fetch(new URL(path, server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: json,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('deeply nested input', () => {
  it('answers 400 to 100,000 nested arrays sent to /api/login, signed out', async () => {
    const res = await postRawJson('/api/login', `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`);
    expect(res).toEqual({ status: 400, body: { message: INPUT_TOO_DEEP } });
  });

  it('answers 400 to 100,000 nested objects inside an otherwise plausible body', async () => {
    const nested = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
    const res = await postRawJson('/api/login', `{"username":"someone@example.org","password":${nested}}`);
    expect(res).toEqual({ status: 400, body: { message: INPUT_TOO_DEEP } });
  });

  it('still signs in with a normal body, and still refuses NUL characters hidden a few levels down', async () => {
    const user = await createUser();
    const ok = await server.client().post('/api/login', { username: user.username, password: DEFAULT_PASSWORD });
    expect(ok.status).toBe(200);
    const nul = await server.client().post('/api/login', { username: user.username, password: [[{ x: 'a\u0000' }]] });
    expect(nul.status).toBe(400);
    expect(nul.body).toEqual({ message: 'Text must not contain NUL characters' });
  });
});
