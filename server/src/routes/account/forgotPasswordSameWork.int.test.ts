/**
 * Forgot-password must not tell whether an account exists: not by its answer (passwordReset.int.test.ts)
 * and not by its timing. Rather than time requests, this checks the cause of a difference: a known
 * and an unknown address must make the request do the same work, the same statements and one
 * queued mail job each. The mail worker is held back (an hour between polls) so the jobs stay
 * visible and nothing else runs statements meanwhile.
 */
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ JOB_POLL_SECONDS: '3600' });
});
afterAll(() => server.stop());

/** The statements the app's database pool runs while `action` runs, without their values. */
async function statementsDuring(knex: Knex, action: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const record = (query: { sql: string }) => statements.push(query.sql);
  knex.on('query', record);
  try {
    await action();
  } finally {
    knex.off('query', record);
  }
  return statements;
}

async function queuedMailJobs(): Promise<unknown[]> {
  const { rows } = await server.knex.raw(
    "SELECT data FROM pgboss.job WHERE name = 'send-mail' AND state = 'created' ORDER BY created_on",
  );
  return rows.map((row: { data: unknown }) => row.data);
}

describe('forgot-password for a known and an unknown address', () => {
  it('runs the same statements and queues one mail job for each', async () => {
    const known = await createUser();
    const unknown = 'nobody-here@example.org';
    const ask = (email: string) => async () => {
      const res = await server.client().post('/api/forgot-password', { email });
      expect(res.status).toBe(200);
    };
    // Once first, so both measured requests find the rate limiter's statements already prepared.
    await ask('warm-up@example.org')();
    const before = (await queuedMailJobs()).length;

    const forKnown = await statementsDuring(server.knex, ask(known.username));
    const forUnknown = await statementsDuring(server.knex, ask(unknown));

    expect(forKnown.length).toBeGreaterThan(0); // the rate limits' own statements, at least
    expect(forUnknown).toEqual(forKnown);
    expect((await queuedMailJobs()).slice(before)).toEqual([
      { kind: 'passwordResetRequest', email: known.username },
      { kind: 'passwordResetRequest', email: unknown },
    ]);
  });
});
