/** Boot: config → database (embedded or URL) → migrate → jobs → admin account → HTTP. */
import http from 'node:http';
import { createApp } from './app.ts';
import type { AppDeps } from './appTypes.ts';
import { parseConfig } from './config.ts';
import { bindModels, migrateLatest } from './db/knex.ts';
import { openDatabase } from './db/openDatabase.ts';
import { JobQueue } from './jobs/jobQueue.ts';
import { registerWorkers } from './jobs/workers.ts';
import { createLogger } from './logger.ts';
import { ensureAdminAccount } from './services/adminBootstrap.ts';
import { Mailer } from './services/mail/mailer.ts';
import { RateLimiter } from './services/rateLimiter.ts';

const config = parseConfig();
const logger = createLogger(config.logLevel);

const database = await openDatabase(config, logger);
const applied = await migrateLatest(database.knex);
if (applied.length) logger.info({ applied }, 'migrations applied');
bindModels(database.knex);

const jobs = new JobQueue({ connectionString: database.connectionString, logger, pollSeconds: config.jobPollSeconds });
await jobs.start();
const mailer = new Mailer({ smtpUrl: config.smtpUrl, mailDir: config.mailDir, from: config.mailFrom, logger });

const deps: AppDeps = { config, logger, knex: database.knex, jobs, rateLimiter: new RateLimiter(database.knex) };
await registerWorkers(deps, mailer);
const admin = await ensureAdminAccount(deps);

const server = http.createServer(createApp(deps).callback());
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
  server.close();
  server.closeAllConnections();
  await jobs.stop().catch((error) => logger.warn({ err: error }, 'job queue stop failed'));
  mailer.close();
  await database.close().catch((error) => logger.warn({ err: error }, 'database close failed'));
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
