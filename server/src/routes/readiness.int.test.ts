/**
 * Liveness and readiness, as a load balancer or supervisor sees them: GET /api/health answers as
 * long as the process does, whatever the database is doing; GET /api/ready is 200 only while the
 * database answers, every migration is applied, the file storage and Redis (when configured) answer,
 * and otherwise a 503 that names the failing part. The outages here are real: a database that
 * refuses connections, a migration row missing, a redis-server killed, a bucket that stops answering.
 */
import type { ReadinessResponse } from '@formscribe/common/schemas/common';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { RedisServer } from '../test/redisServer.ts';
import { startTestServer, type TestServer } from '../test/testServer.ts';

let redis: RedisServer;
let server: TestServer;
beforeAll(async () => {
  redis = await RedisServer.start();
  server = await startTestServer({ REDIS_URL: redis.url });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await redis?.kill();
});

const ready = () => server.client().get<ReadinessResponse>('/api/ready');
const health = () => server.client().get('/api/health');

/** Polls readiness until it is 200 again (a recovery takes a reconnect, never a fixed time). */
async function readyAgain() {
  for (;;) {
    const res = await ready();
    if (res.status === 200) return res;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs `sql` as the PostgreSQL superuser, outside the test database. */
async function asAdmin(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Runs `during` while the test database refuses every connection (the open ones are cut first). */
async function whileDatabaseRefusesConnections(during: () => Promise<void>): Promise<void> {
  const database = new URL(server.connectionString).pathname.slice(1);
  await asAdmin(`ALTER DATABASE ${database} ALLOW_CONNECTIONS false`);
  try {
    await asAdmin(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database}' AND pid <> pg_backend_pid()`,
    );
    await during();
  } finally {
    await asAdmin(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`);
  }
}

describe('GET /api/health (liveness)', () => {
  it('answers ok', async () => {
    const res = await health();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('still answers ok while the database refuses connections: a live node is not restarted for it', async () => {
    await whileDatabaseRefusesConnections(async () => {
      expect((await health()).status).toBe(200);
    });
    await readyAgain();
  });
});

describe('GET /api/ready (readiness)', () => {
  it('is ready when the database answers, its migrations are applied and Redis answers', async () => {
    const res = await ready();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', redis: 'ok', storage: 'ok' },
    });
  });

  it('is not ready while a migration this node knows is not applied', async () => {
    const [latest] = await server.knex('knex_migrations').orderBy('id', 'desc').limit(1);
    await server.knex('knex_migrations').where('id', latest.id).delete();
    try {
      const res = await ready();
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        status: 'not ready',
        checks: { database: 'ok', migrations: 'pending', redis: 'ok' },
        message: 'Not ready: migrations pending',
      });
    } finally {
      await server.knex('knex_migrations').insert(latest);
    }
    expect((await ready()).status).toBe(200);
  });

  it('is not ready while the database refuses connections, and ready again once it accepts them', async () => {
    await whileDatabaseRefusesConnections(async () => {
      const res = await ready();
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        status: 'not ready',
        checks: { database: 'unreachable', migrations: 'unknown', redis: 'ok' },
        message: 'Not ready: database unreachable, migrations unknown',
      });
    });
    expect((await readyAgain()).body.checks.database).toBe('ok');
  });

  it('is not ready while Redis is down, and ready again once it is back', async () => {
    await redis.kill();
    const res = await ready();
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      status: 'not ready',
      checks: { database: 'ok', migrations: 'ok', redis: 'unreachable' },
      message: 'Not ready: redis unreachable',
    });
    expect((await health()).status).toBe(200);

    await redis.restart();
    expect((await readyAgain()).body).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', redis: 'ok', storage: 'ok' },
    });
  });
});

describe('GET /api/ready with files in a bucket', () => {
  let withBucket: TestServer;
  beforeAll(async () => {
    withBucket = await startTestServer({}, { storage: 's3' });
  });
  afterAll(() => withBucket?.stop());

  it('is not ready while the bucket does not answer, and ready again once it does', async () => {
    const bucket = withBucket.s3;
    if (!bucket) throw new Error('no bucket');
    const readiness = () => withBucket.client().get<ReadinessResponse>('/api/ready');
    expect((await readiness()).body.checks.storage).toBe('ok');

    await bucket.pause();
    const res = await readiness();
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      status: 'not ready',
      checks: { database: 'ok', migrations: 'ok', storage: 'unreachable' },
      message: 'Not ready: storage unreachable',
    });
    expect((await withBucket.client().get('/api/health')).status).toBe(200);

    await bucket.resume();
    const again = await readiness();
    expect(again.status).toBe(200);
    expect(again.body.checks).toEqual({ database: 'ok', migrations: 'ok', storage: 'ok' });
  });
});
