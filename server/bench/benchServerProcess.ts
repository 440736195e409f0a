/**
 * The real app in its own process for benchmarks (load must come from another process): a
 * throw-away embedded PostgreSQL and data folder in a temp dir, migrations, createApp on a free
 * port, one owner with a roomy plan and one form. Reports its event-loop delay on request.
 * With BENCH_DATABASE_URL it joins an existing bench database instead (another node of the same
 * deployment), and with BENCH_REDIS_URL it runs Socket.IO on the Redis adapter.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { rooms } from '@formscribe/common/realtime';
import { startAppServices } from '../src/appServer.ts';
import { parseConfig } from '../src/config.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../src/db/embeddedPostgres.ts';
import { bindModels, createKnex, migrateLatest } from '../src/db/knex.ts';
import { createLogger } from '../src/logger.ts';
import { Form, User } from '../src/models/index.ts';
import { hashPassword } from '../src/services/passwords.ts';
import { epochNow, type FromServer, type ServerReady, type ToServer } from './benchProtocol.ts';
import { installSqlCapture } from './sqlCapture.ts';

const send = (message: FromServer) => process.send?.(message);

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'formscribe-bench-'));
// PostgreSQL runs as a separate system user when we are root; it must reach its folder.
await fs.chmod(root, 0o755);
const logger = createLogger('warn');
const attachTo = process.env.BENCH_DATABASE_URL;
// BENCH_STATEMENTS=1: PostgreSQL keeps statistics per statement, which B9a prints (statementStatistics.ts).
const statementStatistics = process.env.BENCH_STATEMENTS === '1';
const embedded = attachTo
  ? undefined
  : await startEmbeddedPostgres(path.join(root, 'postgres'), logger, { statementStatistics });
if (embedded) await ensureDatabase(embedded.connectionString('postgres'), 'bench');
const connectionString = attachTo ?? embedded?.connectionString('bench') ?? '';
const knex = createKnex(connectionString, 10);
await migrateLatest(knex);
bindModels(knex);

const httpServer = http.createServer();
await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
const config = parseConfig({
  NODE_ENV: 'production',
  DATA_DIR: path.join(root, 'data'),
  PUBLIC_URL: url,
  LOG_LEVEL: 'warn',
  ...(process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {}),
});
const services = await startAppServices(httpServer, config, logger, knex, connectionString);
const sqlCapture = installSqlCapture(httpServer, knex);

const password = randomBytes(12).toString('hex');
const owner = await User.query().insertAndFetch({
  username: `bench-${randomBytes(4).toString('hex')}@example.org`,
  password: await hashPassword(password),
  emailVerified: true,
  imageCountLimitPerFormOverride: 1_000_000,
  imageSizeLimitMbOverride: 50,
});
const form = await Form.query().insertAndFetch({ name: 'Benchmark form', fields: [], createdById: owner.id });

// B7/B8: the moment a submission has committed is when its recorded events are handed to the
// dispatcher (right after the transaction); stamping it here, without touching the app's code,
// lets the runner measure commit → socket receipt.
let stampCommits = false;
const dispatcher = services.deps.events;
const dispatch = dispatcher.dispatch.bind(dispatcher);
dispatcher.dispatch = (events) => {
  if (stampCommits) {
    for (const event of events)
      if (event.type === 'image-progress') send({ type: 'committed', at: epochNow(), imageId: event.image.id });
  }
  return dispatch(events);
};

const loopDelay = monitorEventLoopDelay({ resolution: 1 });
const rssMb = () => process.memoryUsage.rss() / 2 ** 20;
let rssStartMb = 0;
let rssPeakMb = 0;
let rssSampler: NodeJS.Timeout | undefined;
process.on('message', async (message: ToServer) => {
  if (message.type === 'loop:start') {
    loopDelay.reset();
    loopDelay.enable();
    rssStartMb = rssPeakMb = rssMb();
    rssSampler = setInterval(() => {
      rssPeakMb = Math.max(rssPeakMb, rssMb());
    }, 20);
    send({ type: 'loop:started' });
  } else if (message.type === 'loop:stop') {
    loopDelay.disable();
    clearInterval(rssSampler);
    rssPeakMb = Math.max(rssPeakMb, rssMb());
    send({ type: 'loop', p99Ms: loopDelay.percentile(99) / 1e6, maxMs: loopDelay.max / 1e6, rssStartMb, rssPeakMb });
  } else if (message.type === 'commits:stamp') {
    stampCommits = message.on;
    send({ type: 'commits:stamping' });
  } else if (message.type === 'emit:stats') {
    const at = epochNow();
    services.deps.realtime.io
      .to(rooms.formOwners(message.formId))
      .emit('form:stats', { formId: message.formId, stats: message.stats });
    send({ type: 'emitted', at });
  } else if (message.type === 'sql:capture') {
    sqlCapture.capture(message.requests).then((requests) => send({ type: 'sql:captured', requests }));
    send({ type: 'sql:capturing' });
  } else if (message.type === 'memory') {
    const collect = (globalThis as { gc?: () => void }).gc;
    collect?.();
    const usage = process.memoryUsage();
    const mb = (bytes: number) => bytes / 2 ** 20;
    send({
      type: 'memory',
      rssMb: mb(usage.rss),
      heapUsedMb: mb(usage.heapUsed),
      externalMb: mb(usage.external),
      arrayBuffersMb: mb(usage.arrayBuffers),
      collected: Boolean(collect),
    });
  } else if (message.type === 'stop') {
    await services.stop();
    httpServer.closeAllConnections();
    httpServer.close();
    await knex.destroy();
    await embedded?.stop();
    await fs.rm(root, { recursive: true, force: true });
    send({ type: 'stopped' });
    process.exit(0);
  }
});

send({
  type: 'ready',
  url,
  username: owner.username,
  password,
  formId: form.id,
  ownerId: owner.id,
  databaseUrl: connectionString,
} satisfies ServerReady);
