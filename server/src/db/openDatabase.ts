/** Opens the configured database: DATABASE_URL when set, else the embedded cluster in DATA_DIR. */
import type { Knex } from 'knex';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { type EmbeddedPostgresOptions, ensureDatabase, startEmbeddedPostgres } from './embeddedPostgres.ts';
import { createKnex } from './knex.ts';

export interface Database {
  knex: Knex;
  connectionString: string;
  close(): Promise<void>;
}

const EMBEDDED_DATABASE_NAME = 'formscribe';

/** Throws EmbeddedPostgresStartError, whose message says what to do, when the embedded server cannot start. */
export async function openDatabase(
  config: Config,
  logger: Logger,
  options: EmbeddedPostgresOptions = {},
): Promise<Database> {
  const { size, acquireTimeoutMs } = config.databasePool;
  if (config.databaseUrl) {
    const knex = createKnex(config.databaseUrl, size, { acquireTimeoutMs, logger });
    return { knex, connectionString: config.databaseUrl, close: () => knex.destroy() };
  }
  const embedded = await startEmbeddedPostgres(config.postgresDir, logger, options);
  try {
    await ensureDatabase(embedded.connectionString('postgres'), EMBEDDED_DATABASE_NAME);
  } catch (error) {
    await embedded.stop();
    throw error;
  }
  const connectionString = embedded.connectionString(EMBEDDED_DATABASE_NAME);
  const knex = createKnex(connectionString, size, { acquireTimeoutMs, logger });
  return {
    knex,
    connectionString,
    close: async () => {
      await knex.destroy();
      await embedded.stop();
    },
  };
}
