/**
 * Request logs never carry the secrets some URLs hold (reset, verification and invite tokens):
 * a log is read by more people, and kept longer, than the database rows the tokens open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureServerLogs, type LogCapture } from '../test/logCapture.ts';
import { startTestServer, type TestServer } from '../test/testServer.ts';

let server: TestServer;
let logs: LogCapture;
beforeAll(async () => {
  server = await startTestServer();
  logs = captureServerLogs(server);
});
afterAll(() => server.stop());

function requestLines() {
  return logs.entries().filter((entry) => entry.msg === 'request');
}

describe('request logs', () => {
  it('log token-bearing paths with the token replaced by [redacted]', async () => {
    const client = server.client();
    await client.get('/api/verify-reset-token/reset-secret-1111');
    await client.get('/api/entry/invite-secret-2222');
    await client.post('/api/entry/invite-secret-3333');
    await client.get('/API/Entry/invite-secret-4444');
    await client.get('/api/verify-email?token=verify-secret-5555&from=mail');

    for (const secret of ['1111', '2222', '3333', '4444', '5555']) expect(logs.text).not.toContain(secret);
    expect(requestLines()).toEqual([
      expect.objectContaining({ method: 'GET', path: '/api/verify-reset-token/[redacted]', status: 200 }),
      expect.objectContaining({ method: 'GET', path: '/api/entry/[redacted]', status: 404 }),
      expect.objectContaining({ method: 'POST', path: '/api/entry/[redacted]', status: 401 }),
      expect.objectContaining({ method: 'GET', path: '/API/Entry/[redacted]' }),
      expect.objectContaining({ path: '/api/verify-email', query: 'token=[redacted]&from=mail', status: 400 }),
    ]);
  });

  it('still log other paths as they are', async () => {
    const before = requestLines().length;
    await server.client().get('/api/forms/12345');
    expect(requestLines().slice(before)).toEqual([
      expect.objectContaining({ method: 'GET', path: '/api/forms/12345', status: 401 }),
    ]);
  });
});
