/**
 * Everything around the Koa app that a running node needs: job queue and workers, mailer,
 * Socket.IO (with Redis when configured), the admin account. Used by the entry point, the
 * test server and the benchmark server, so all three run the same wiring.
 */
import type http from 'node:http';
import type { Knex } from 'knex';
import { createApp } from './app.ts';
import type { AppDeps } from './appTypes.ts';
import type { Config } from './config.ts';
import { JobQueue } from './jobs/jobQueue.ts';
import { registerWorkers } from './jobs/workers.ts';
import type { Logger } from './logger.ts';
import { LivePublisher } from './realtime/livePublisher.ts';
import { Realtime } from './realtime/realtimeServer.ts';
import { type AdminBootstrapResult, ensureAdminAccount } from './services/adminBootstrap.ts';
import { Mailer } from './services/mail/mailer.ts';
import { RateLimiter } from './services/rateLimiter.ts';

export interface AppServices {
  deps: AppDeps;
  admin: AdminBootstrapResult;
  /** Stops sockets, jobs and mail; the caller closes the HTTP server and the database. */
  stop(): Promise<void>;
}

export async function startAppServices(
  httpServer: http.Server,
  config: Config,
  logger: Logger,
  knex: Knex,
  connectionString: string,
): Promise<AppServices> {
  const jobs = new JobQueue({ connectionString, logger, pollSeconds: config.jobPollSeconds });
  await jobs.start();
  const mailer = new Mailer({ smtpUrl: config.smtpUrl, mailDir: config.mailDir, from: config.mailFrom, logger });
  // Koa's listener must be on the server before Socket.IO attaches: Socket.IO then routes
  // /socket.io/ requests to itself and hands only the others on. A listener added afterwards
  // would also see (and break) the socket transport's own requests.
  let koaHandler: http.RequestListener | undefined;
  httpServer.on('request', (req, res) => {
    if (koaHandler) koaHandler(req, res);
    else {
      res.statusCode = 503;
      res.end('Starting');
    }
  });
  const realtime = await Realtime.attach(httpServer, config, logger);
  const deps: AppDeps = {
    config,
    logger,
    knex,
    jobs,
    rateLimiter: new RateLimiter(knex),
    realtime,
    live: new LivePublisher(realtime, logger, config.adminEmail),
  };
  await registerWorkers(deps, mailer);
  const admin = await ensureAdminAccount(deps);
  koaHandler = createApp(deps).callback();
  return {
    deps,
    admin,
    async stop() {
      await realtime.close().catch((error) => logger.warn({ err: error }, 'realtime close failed'));
      await jobs.stop().catch((error) => logger.warn({ err: error }, 'job queue stop failed'));
      mailer.close();
    },
  };
}
