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
import { warnWhenClientsConnectDirectly } from './directClientWarning.ts';
import { JobQueue } from './jobs/jobQueue.ts';
import { registerWorkers } from './jobWorkers.ts';
import type { Logger } from './logger.ts';
import { AppMetrics } from './metrics/appMetrics.ts';
import { startMetricsServer } from './metrics/metricsEndpoint.ts';
import { Realtime } from './realtime/realtimeServer.ts';
import { InFlightRequests } from './requestDrain.ts';
import { type AdminBootstrapResult, ensureAdminAccount } from './services/adminBootstrap.ts';
import { LiveAnnouncer } from './services/announcements/liveAnnouncer.ts';
import { releaseUserLeases } from './services/entry/imageLeases.ts';
import { LeaseSweeper } from './services/entry/leaseSweeper.ts';
import { EventDispatcher } from './services/events/eventDispatcher.ts';
import { Mailer } from './services/mail/mailer.ts';
import { MACHINE_READING_DEPTH_LABEL, machineReadingQueueDepth } from './services/ocr/machineReadingQueue.ts';
import { MachineReadingWorker } from './services/ocr/machineReadingWorker.ts';
import { closeOcrReader } from './services/ocr/ocrReader.ts';
import { RateLimiter } from './services/rateLimiter.ts';
import { closeFileStorage, fileStorage } from './services/storage/fileStorage.ts';

export interface StopOptions {
  /** How long requests in progress may take to finish before their connections are closed. */
  drainMs?: number;
}

export interface AppServices {
  deps: AppDeps;
  admin: AdminBootstrapResult;
  /**
   * Stops taking connections, lets the requests in progress finish (at most `drainMs`, then
   * their connections are closed), then stops sockets, jobs and mail. The database stays open
   * for the caller to close last.
   */
  stop(options?: StopOptions): Promise<void>;
}

const DEFAULT_DRAIN_MS = 10_000;
/** After connections are cut, how long handlers get to run their cleanup (temporary files). */
const CLEANUP_AFTER_CUT_MS = 2_000;

export async function startAppServices(
  httpServer: http.Server,
  config: Config,
  logger: Logger,
  knex: Knex,
  connectionString: string,
): Promise<AppServices> {
  const metrics = new AppMetrics();
  const jobs = new JobQueue({ connectionString, logger, pollSeconds: config.jobPollSeconds, metrics });
  await jobs.start();
  const mailer = new Mailer({
    smtpUrl: config.smtpUrl,
    mailDir: config.mailDir,
    from: config.mailFrom,
    logger,
    metrics,
  });
  // Koa's listener must be on the server before Socket.IO attaches: Socket.IO then routes
  // /socket.io/ requests to itself and hands only the others on. A listener added afterwards
  // would also see (and break) the socket transport's own requests.
  let koaHandler: ((req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>) | undefined;
  const inFlight = new InFlightRequests();
  let stopping = false;
  httpServer.on('request', (req, res) => {
    // While draining, answers still go out, but the client does not reuse the connection.
    if (stopping) res.setHeader('connection', 'close');
    if (koaHandler) inFlight.track(koaHandler(req, res));
    else {
      res.statusCode = 503;
      res.end('Starting');
    }
  });
  // A contributor who leaves gives back the images they were handed, for others to take now.
  const realtime = await Realtime.attach(httpServer, config, logger, {
    onUserLeft: (userId) => releaseUserLeases(knex, userId),
  });
  metrics.watchSockets(realtime.io);
  // Machine reading has its own fair queue in PostgreSQL; its depth is reported beside pg-boss's.
  metrics.watchJobQueue({
    queueSizes: async () =>
      new Map([...(await jobs.queueSizes()), [MACHINE_READING_DEPTH_LABEL, await machineReadingQueueDepth(knex)]]),
  });
  const deps: AppDeps = {
    config,
    logger,
    knex,
    jobs,
    rateLimiter: new RateLimiter(knex),
    realtime,
    events: new EventDispatcher(new LiveAnnouncer(realtime, logger, config.adminEmail), jobs),
    metrics,
  };
  if (config.trustProxy) warnWhenClientsConnectDirectly(httpServer, deps);
  await registerWorkers(deps, mailer);
  const machineReading = new MachineReadingWorker(deps);
  machineReading.start();
  const metricsServer = await startMetricsServer(config.metrics, metrics, logger);
  const admin = await ensureAdminAccount(deps);
  const leaseSweeper = new LeaseSweeper(knex, logger);
  leaseSweeper.start();
  // A bucket that does not answer yet is reported, not fatal: file requests answer 503 until it does.
  fileStorage(config)
    .checkReachable()
    .catch((error) => logger.warn({ err: error }, 'file storage does not answer (yet)'));
  koaHandler = createApp(deps).callback();
  return {
    deps,
    admin,
    async stop({ drainMs = DEFAULT_DRAIN_MS } = {}) {
      stopping = true;
      // No new connections; idle kept-alive ones close now (Node closes idle connections on close()).
      if (httpServer.listening) httpServer.close();
      if (!(await inFlight.settled(drainMs))) {
        logger.warn(
          { requests: inFlight.size, drainMs },
          'requests still running at shutdown: closing their connections',
        );
        httpServer.closeAllConnections();
        await inFlight.settled(CLEANUP_AFTER_CUT_MS);
      }
      await leaseSweeper.stop();
      await machineReading.stop();
      await realtime.close().catch((error) => logger.warn({ err: error }, 'realtime close failed'));
      await jobs.stop().catch((error) => logger.warn({ err: error }, 'job queue stop failed'));
      mailer.close();
      await metricsServer?.close();
      closeFileStorage(config);
      await closeOcrReader(config);
    },
  };
}
