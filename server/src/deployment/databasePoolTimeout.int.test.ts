/**
 * A request never waits without end for a database connection: with every connection of the pool
 * busy, the next request gives up after DATABASE_ACQUIRE_TIMEOUT_MS and answers 503 with
 * Retry-After, while the request holding the connection still finishes normally. The pool here
 * has one connection, held by a request that waits on a table lock the test takes.
 */
import { MESSAGES } from '@formscribe/common/messages';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../test/factories.ts';
import type { TestClient } from '../test/testClient.ts';
import { startTestServer, type TestServer } from '../test/testServer.ts';

const ACQUIRE_TIMEOUT_MS = 1_000;

let server: TestServer;
let client: TestClient;
beforeAll(async () => {
  server = await startTestServer({ DATABASE_POOL_SIZE: '1', DATABASE_ACQUIRE_TIMEOUT_MS: String(ACQUIRE_TIMEOUT_MS) });
  client = server.client();
  await signIn(client, await createUser());
});
afterAll(() => server?.stop());

/** A connection of the test's own (outside the app's pool) that locks `sessions` until released. */
async function lockSessions() {
  const locker = new pg.Client({ connectionString: server.connectionString });
  await locker.connect();
  await locker.query('BEGIN');
  await locker.query('LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE');
  return {
    /** Resolves once a query of someone else waits for the lock (the app's one connection). */
    async awaitWaiter() {
      for (;;) {
        const { rows } = await locker.query(
          "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
        );
        if (rows[0]?.waiting > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async release() {
      await locker.query('COMMIT');
      await locker.end();
    },
  };
}

describe('the database pool', () => {
  it('answers 503 with Retry-After when no connection frees up in time; the busy request still succeeds', async () => {
    const lock = await lockSessions();
    let holding: ReturnType<TestClient['get']> | undefined;
    try {
      holding = client.get('/api/forms');
      await lock.awaitWaiter();

      const startedAt = Date.now();
      const turnedAway = await client.get<{ message: string }>('/api/forms');
      expect(turnedAway.status).toBe(503);
      expect(turnedAway.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(turnedAway.body.message).toBe(MESSAGES.databaseUnavailable);
      expect(Date.now() - startedAt).toBeLessThan(ACQUIRE_TIMEOUT_MS + 4_000);
    } finally {
      await lock.release();
    }
    expect((await holding).status).toBe(200);
  });
});
