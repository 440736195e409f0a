import knexFactory, { type Knex } from 'knex';
import { knexSnakeCaseMappers, Model } from 'objection';
import pg from 'pg';
import { migrationSource } from '../../migrations/index.ts';

// BIGINT counts (COUNT(*)) arrive as numbers, not strings: our counts stay far below 2^53.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
// NUMERIC as number too (sizes, limits).
pg.types.setTypeParser(1700, (value) => Number.parseFloat(value));

export function createKnex(connectionString: string, poolMax = 10): Knex {
  return knexFactory({
    client: 'pg',
    connection: connectionString,
    pool: { min: 0, max: poolMax },
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
