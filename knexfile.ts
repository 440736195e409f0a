/**
 * knex CLI configuration, for those who want `knex migrate:*` against DATABASE_URL.
 * The app itself migrates at start and with `npm run migrate` (which also handles the embedded database).
 */
import type { Knex } from 'knex';
import { migrationSource } from './server/migrations/index.ts';
import { parseConfig } from './server/src/config.ts';

const config = parseConfig();

const knexConfig: Knex.Config = {
  client: 'pg',
  connection: config.databaseUrl,
  migrations: { migrationSource, tableName: 'knex_migrations' },
};

export default knexConfig;
