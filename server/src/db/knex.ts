import knexFactory, { type Knex } from 'knex';
import { knexSnakeCaseMappers, Model } from 'objection';
import pg from 'pg';
import { migrationSource } from '../../migrations/index.ts';
import type { Logger } from '../logger.ts';

// BIGINT counts (COUNT(*)) arrive as numbers, not strings: our counts stay far below 2^53.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
// NUMERIC as number too (sizes, limits).
pg.types.setTypeParser(1700, (value) => Number.parseFloat(value));

/** The defaults of DATABASE_POOL_SIZE and DATABASE_ACQUIRE_TIMEOUT_MS (config.ts). */
export const DEFAULT_POOL_SIZE = 10;
export const DEFAULT_ACQUIRE_TIMEOUT_MS = 10_000;

export interface PoolOptions {
  acquireTimeoutMs?: number;
  /** Where knex's own warnings go (a connection PostgreSQL closed…); the console without one. */
  logger?: Logger;
}

/**
 * A pool of at most `poolMax` connections. A request that cannot get one within
 * `acquireTimeoutMs` (database down or every connection busy) fails with a KnexTimeoutError,
 * which the error middleware answers with 503: it never waits on knex's 60-second default.
 * Connections PostgreSQL closed (a restart) are dropped when next taken, so the pool recovers
 * by itself once the server answers again.
 */
export function createKnex(connectionString: string, poolMax = DEFAULT_POOL_SIZE, options: PoolOptions = {}): Knex {
  const { logger } = options;
  return knexFactory({
    client: 'pg',
    connection: connectionString,
    pool: { min: 0, max: poolMax },
    acquireConnectionTimeout: options.acquireTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS,
    ...(logger && {
      log: {
        warn: (message: unknown) => logger.warn({ knex: String(message) }, 'database pool'),
        error: (message: unknown) => logger.error({ knex: String(message) }, 'database pool'),
        deprecate: (method: string, alternative: string) => logger.warn({ method, alternative }, 'knex deprecation'),
        debug: () => undefined,
      },
    }),
    migrations: { migrationSource, tableName: 'knex_migrations' },
    ...knexSnakeCaseMappers(),
  });
}

/** Binds every objection model to this knex instance (one database per process). */
export function bindModels(knex: Knex): void {
  Model.knex(knex);
}

export async function migrateLatest(knex: Knex): Promise<string[]> {
  const [, applied] = (await knex.migrate.latest()) as [number, string[]];
  return applied;
}
