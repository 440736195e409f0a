/**
 * Mail jobs hold no secrets. The pg-boss tables are read by anyone with database access (and
 * kept in backups), so a job carries only which message to send and to whom; the worker issues
 * the token and builds the link when it sends, and the finished job is deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signInViaLogin } from '../../test/factories.ts';
import { linkFrom } from '../../test/smtpPeer.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { SEND_MAIL_QUEUE } from './mailJob.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** Every row of pg-boss's job and archive tables, each as its JSON text. */
async function jobRowsAsText(): Promise<string[]> {
  const rows: string[] = [];
  for (const table of ['pgboss.job', 'pgboss.archive']) {
    const result = await server.knex.raw<{ rows: Array<{ row: string }> }>(
      `select row_to_json(t)::text as row from ${table} t`,
    );
    rows.push(...result.rows.map((r) => r.row));
  }
  return rows;
}

async function mailJobCount(): Promise<number> {
  let count = 0;
  for (const table of ['pgboss.job', 'pgboss.archive']) {
    const result = await server.knex.raw<{ rows: Array<{ count: number }> }>(
      `select count(*)::int as count from ${table} where name = ?`,
      [SEND_MAIL_QUEUE],
    );
    count += result.rows[0]?.count ?? 0;
  }
  return count;
}

/** A finished job is deleted just after its handler returns, which is just after the mail arrives. */
async function expectMailJobsGone(): Promise<void> {
  await expect.poll(mailJobCount, { timeout: 10_000, interval: 100 }).toBe(0);
}

function expectNoRowContains(rows: string[], secrets: string[]): void {
  for (const secret of secrets) {
    expect(rows.filter((row) => row.includes(secret))).toEqual([]);
  }
}

describe('mail jobs', () => {
  it('a password reset leaves neither token nor link in any job row, the mailed link works, the job is gone', async () => {
    const user = await createUser();
    expect((await server.client().post('/api/forgot-password', { email: user.username })).status).toBe(200);
    const mail = await server.smtp.waitFor(user.username, 'Reset your Formscribe password');
    const link = linkFrom(mail, `${server.url}/reset-password?token=`);
    const token = new URL(link).searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(20);

    expectNoRowContains(await jobRowsAsText(), [token, encodeURIComponent(token), link]);
    await expectMailJobsGone();
    expectNoRowContains(await jobRowsAsText(), [token, encodeURIComponent(token)]);

    const reset = await server.client().post('/api/reset-password', { token, password: 'a-brand-new-password' });
    expect(reset.status).toBe(200);
    await signInViaLogin(server.client(), user, 'a-brand-new-password');
  });

  it('a verification mail leaves no token in any job row, and its link verifies the address', async () => {
    const client = server.client();
    await client.post('/api/register', { username: 'jobless-secrets@example.org', password: 'hunter22' });
    const mail = await server.smtp.waitFor('jobless-secrets@example.org', 'Verify your e-mail');
    const link = linkFrom(mail, `${server.url}/verify-email?token=`);
    const token = new URL(link).searchParams.get('token') ?? '';

    expectNoRowContains(await jobRowsAsText(), [token, encodeURIComponent(token), link]);
    await expectMailJobsGone();

    const verified = await server.client().get(`/api/verify-email${new URL(link).search}`);
    expect(verified.status).toBe(200);
  });
});
