/**
 * Without SMTP_URL, mail goes to the outbox folder as .eml files. The log line says it is the
 * development outbox; it carries the message's link for a developer to follow, except under
 * NODE_ENV=production, where a link (a live reset or verification token) never reaches the log.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.ts';
import { captureServerLogs, type LogCapture } from '../../test/logCapture.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

/** The reset link in the outbox's only message, with quoted-printable line breaks and escapes undone. */
async function resetLinkFromOutbox(server: TestServer): Promise<string> {
  const mailDir = server.deps.config.mailDir;
  let files: string[] = [];
  await expect
    .poll(
      async () => {
        files = (await fs.readdir(mailDir).catch(() => [])).filter((name) => name.endsWith('.eml'));
        return files.length;
      },
      { timeout: 10_000, interval: 100 },
    )
    .toBe(1);
  const raw = await fs.readFile(path.join(mailDir, files[0] ?? ''), 'utf8');
  const decoded = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => {
    return String.fromCharCode(Number.parseInt(hex, 16));
  });
  const link = new RegExp(`${server.url}/reset-password\\?token=[^\\s"<>]+`).exec(decoded)?.[0];
  if (!link) throw new Error('no reset link in the outbox message');
  return link;
}

async function outboxLogLine(logs: LogCapture) {
  await expect.poll(() => logs.entries().filter((e) => String(e.msg).includes('outbox')).length).toBe(1);
  return logs.entries().find((e) => String(e.msg).includes('outbox'));
}

async function requestResetThroughOutbox(server: TestServer, logs: LogCapture) {
  const user = await createUser();
  expect((await server.client().post('/api/forgot-password', { email: user.username })).status).toBe(200);
  const link = await resetLinkFromOutbox(server);
  const token = new URL(link).searchParams.get('token') ?? '';
  return { link, token, logLine: await outboxLogLine(logs) };
}

describe('outbox under NODE_ENV=production', () => {
  let server: TestServer;
  let logs: LogCapture;
  beforeAll(async () => {
    server = await startTestServer({ NODE_ENV: 'production', SMTP_URL: '' });
    logs = captureServerLogs(server);
  });
  afterAll(() => server.stop());

  it('writes the message and says it is the development outbox, but never logs the link', async () => {
    const { link, token, logLine } = await requestResetThroughOutbox(server, logs);
    expect(logLine?.msg).toMatch(/development outbox/);
    expect(logLine).not.toHaveProperty('link');
    expect(logs.text).not.toContain(link);
    expect(logs.text).not.toContain(token);
    expect(logs.text).not.toContain(encodeURIComponent(token));

    const reset = await server.client().post('/api/reset-password', { token, password: 'a-brand-new-password' });
    expect(reset.status).toBe(200);
  });
});

describe('outbox outside production', () => {
  let server: TestServer;
  let logs: LogCapture;
  beforeAll(async () => {
    server = await startTestServer({ SMTP_URL: '' });
    logs = captureServerLogs(server);
  });
  afterAll(() => server.stop());

  it('logs the link alongside the development-outbox notice, for the developer to follow', async () => {
    const { link, logLine } = await requestResetThroughOutbox(server, logs);
    expect(logLine?.msg).toMatch(/development outbox/);
    expect(logLine?.link).toBe(link);
  });
});
