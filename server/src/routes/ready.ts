/**
 * Readiness, for load balancers: may this node be sent traffic? It can when its database answers,
 * every migration it knows is applied there, its file storage answers (the bucket, or a writable
 * folder), and Redis answers when the node is configured with it (live events of other nodes reach
 * its sockets through Redis). Otherwise a 503 names what fails.
 * Each check gets a few seconds at most, so a probe never hangs on a stuck pool or socket.
 */
import { healthApi } from '@formscribe/common/api/health';
import type { ReadinessResponse } from '@formscribe/common/schemas/common';
import type { Knex } from 'knex';
import { migrationSource } from '../../migrations/index.ts';
import type { AppContext } from '../appTypes.ts';
import { fileStorage } from '../services/storage/fileStorage.ts';
import { route } from './declared/declareRoute.ts';

export const READY_CHECK_TIMEOUT_MS = 3_000;

type Checks = ReadinessResponse['checks'];

/** `check` within the time limit; its failure (or silence) is the reason a probe logs. */
async function within<T>(what: string, check: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: no answer in ${READY_CHECK_TIMEOUT_MS} ms`)),
      READY_CHECK_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([check(), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** Migrations this node knows that its database has not applied (read only: no table is created). */
async function pendingMigrations(knex: Knex): Promise<string[]> {
  const applied = await knex('knex_migrations').select<Array<{ name: string }>>('name');
  const appliedNames = new Set(applied.map((row) => row.name));
  const known = await migrationSource.getMigrations([]);
  return known
    .map((migration) => migrationSource.getMigrationName(migration))
    .filter((name) => !appliedNames.has(name));
}

async function databaseChecks(ctx: AppContext): Promise<Pick<Checks, 'database' | 'migrations'>> {
  try {
    const pending = await within('database', () => pendingMigrations(ctx.deps.knex));
    if (pending.length) ctx.log.warn({ pending }, 'not ready: migrations pending');
    return { database: 'ok', migrations: pending.length ? 'pending' : 'ok' };
  } catch (error) {
    ctx.log.warn({ err: error }, 'not ready: database unreachable');
    return { database: 'unreachable', migrations: 'unknown' };
  }
}

/** A round trip to Redis through the socket adapter's own connection; undefined without Redis. */
async function redisCheck(ctx: AppContext): Promise<Checks['redis']> {
  if (!ctx.deps.config.redisUrl) return undefined;
  try {
    await within('redis', () => ctx.deps.realtime.io.of('/').adapter.serverCount());
    return 'ok';
  } catch (error) {
    ctx.log.warn({ err: error }, 'not ready: redis unreachable');
    return 'unreachable';
  }
}

/** The bucket answers a HeadBucket (or the uploads folder is writable). */
async function storageCheck(ctx: AppContext): Promise<Checks['storage']> {
  try {
    await within('storage', () => fileStorage(ctx.deps.config).checkReachable());
    return 'ok';
  } catch (error) {
    ctx.log.warn({ err: error }, 'not ready: file storage unreachable');
    return 'unreachable';
  }
}

const readinessProbe = 'readiness probe: says only whether the database, migrations and Redis are ok';

route(healthApi.ready, { public: readinessProbe }, async (ctx): Promise<ReadinessResponse> => {
  const [database, redis, storage] = await Promise.all([databaseChecks(ctx), redisCheck(ctx), storageCheck(ctx)]);
  const checks: Checks = { ...database, ...(redis ? { redis } : {}), storage };
  const failing = Object.entries(checks).filter(([, state]) => state !== 'ok');
  if (!failing.length) return { status: 'ready', checks };
  // The same body shape, under the status a load balancer reads.
  ctx.status = 503;
  const message = `Not ready: ${failing.map(([part, state]) => `${part} ${state}`).join(', ')}`;
  return { status: 'not ready', checks, message };
});
