/**
 * Boot: config → database (embedded or URL) → leftover uploads cleared → migrate → jobs,
 * sockets, admin account, a storage sweep → HTTP. A start that fails says why and what to do, and exits 1.
 * SIGINT/SIGTERM drain: no new connections, requests in progress finish (at most 10 s), then
 * sockets and jobs stop, then the database closes, and the process exits 0.
 */
import http from 'node:http';
import { type AppServices, startAppServices } from './appServer.ts';
import { type Config, parseConfig } from './config.ts';
import { bindModels, migrateLatest } from './db/knex.ts';
import { type Database, openDatabase } from './db/openDatabase.ts';
import { createLogger, type Logger } from './logger.ts';
import { clearIncomingUploads } from './services/storage/incomingUploads.ts';
import { requestStorageSweep } from './services/storage/storageSweepJob.ts';

const SHUTDOWN_DRAIN_MS = 10_000;

interface Running {
  config: Config;
  logger: Logger;
  database?: Database;
  services?: AppServices;
}

// Filled in as the boot goes, so a failed start or an early signal closes what is open.
const running: Partial<Running> = {};
let stopping = false;

function listen(server: http.Server, config: Config): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function printBanner(config: Config, admin: AppServices['admin']) {
  const credentials = admin.generatedPassword
    ? `password: ${admin.generatedPassword} (generated; shown once, set ADMIN_PASSWORD to choose one)`
    : admin.created
      ? 'password: the ADMIN_PASSWORD you set'
      : 'password: unchanged since the account was created';
  console.log(`\n  Formscribe: ${config.publicUrl}\n  Super admin: ${admin.email}\n  ${credentials}\n`);
}

async function start(): Promise<void> {
  const config = parseConfig();
  const logger = createLogger(config.logLevel);
  Object.assign(running, { config, logger });
  // This process stops the embedded PostgreSQL itself, after draining (see shutdown()).
  const database = await openDatabase(config, logger, { stopOnSignals: false });
  running.database = database;
  // One node owns its DATA_DIR (a second one on the embedded database was refused just above), so
  // what is in incoming/ now belongs to requests of a process that is gone.
  const cleared = await clearIncomingUploads(config);
  if (cleared) logger.info({ cleared }, 'removed uploads an earlier run left unfinished');
  const applied = await migrateLatest(database.knex);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  bindModels(database.knex);

  const server = http.createServer();
  const services = await startAppServices(server, config, logger, database.knex, database.connectionString);
  running.services = services;
  // Stored files whose row never committed (a crash between the two) go soon after a restart.
  await requestStorageSweep(services.deps);
  await listen(server, config);
  logger.info({ url: config.publicUrl }, 'Formscribe is running');
  printBanner(config, services.admin);
}

function explainStartFailure(error: unknown): string {
  const { config } = running;
  if ((error as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE' && config) {
    return `port ${config.port} is already in use: stop what is using it, or set PORT to another port`;
  }
  return error instanceof Error ? error.message : String(error);
}

async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  const { config, logger, services, database } = running;
  logger?.info({ signal }, 'shutting down: finishing the requests in progress');
  await services?.stop({ drainMs: SHUTDOWN_DRAIN_MS });
  await database?.close().catch((error) => logger?.warn({ err: error }, 'database close failed'));
  // Uploads whose connections had to be cut may not have cleaned up after themselves.
  if (config) await clearIncomingUploads(config).catch(() => 0);
  process.exit(0);
}

process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await start();
} catch (error) {
  if (!stopping) {
    stopping = true;
    console.error(`\n  Formscribe could not start: ${explainStartFailure(error)}\n`);
    await running.services?.stop({ drainMs: 0 }).catch(() => undefined);
    await running.database?.close().catch(() => undefined);
    process.exit(1);
  }
}
