/** Boot: config → database (embedded or URL) → migrate → jobs, sockets, admin account → HTTP. */
import http from 'node:http';
import { startAppServices } from './appServer.ts';
import { parseConfig } from './config.ts';
import { bindModels, migrateLatest } from './db/knex.ts';
import { openDatabase } from './db/openDatabase.ts';
import { createLogger } from './logger.ts';

const config = parseConfig();
const logger = createLogger(config.logLevel);

const database = await openDatabase(config, logger);
const applied = await migrateLatest(database.knex);
if (applied.length) logger.info({ applied }, 'migrations applied');
bindModels(database.knex);

const server = http.createServer();
const services = await startAppServices(server, config, logger, database.knex, database.connectionString);
const { admin } = services;

server.listen(config.port, config.host, () => {
  logger.info({ url: config.publicUrl }, 'Formscribe is running');
  const credentials = admin.generatedPassword
    ? `password: ${admin.generatedPassword} (generated; shown once, set ADMIN_PASSWORD to choose one)`
    : admin.created
      ? 'password: the ADMIN_PASSWORD you set'
      : 'password: unchanged since the account was created';
  console.log(`\n  Formscribe: ${config.publicUrl}\n  Super admin: ${admin.email}\n  ${credentials}\n`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  await services.stop();
  server.close();
  server.closeAllConnections();
  await database.close().catch((error) => logger.warn({ err: error }, 'database close failed'));
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
