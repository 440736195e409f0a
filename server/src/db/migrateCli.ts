/** `npm run migrate`: brings the configured database (embedded or DATABASE_URL) up to date. */
import { parseConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { migrateLatest } from './knex.ts';
import { openDatabase } from './openDatabase.ts';

const config = parseConfig();
const logger = createLogger(config.logLevel);
const database = await openDatabase(config, logger);
try {
  const applied = await migrateLatest(database.knex);
  logger.info({ applied }, applied.length ? 'migrations applied' : 'database already up to date');
} finally {
  await database.close();
}
