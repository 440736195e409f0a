/** Opens the configured database: DATABASE_URL when set, else the embedded cluster in DATA_DIR. */
import type { Knex } from 'knex';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { ensureDatabase, startEmbeddedPostgres } from './embeddedPostgres.ts';
import { createKnex } from './knex.ts';

export interface Database {
  knex: Knex;
  connectionString: string;
  close(): Promise<void>;
}

const EMBEDDED_DATABASE_NAME = 'formscribe';

export async function openDatabase(config: Config, logger: Logger): Promise<Database> {
  if (config.databaseUrl) {
    const knex = createKnex(config.databaseUrl);
    return { knex, connectionString: config.databaseUrl, close: () => knex.destroy() };
  }
  const embedded = await startEmbeddedPostgres(config.postgresDir, logger);
  await ensureDatabase(embedded.connectionString('postgres'), EMBEDDED_DATABASE_NAME);
  const connectionString = embedded.connectionString(EMBEDDED_DATABASE_NAME);
  const knex = createKnex(connectionString);
  return {
    knex,
    connectionString,
    close: async () => {
      await knex.destroy();
      await embedded.stop();
    },
  };
}
