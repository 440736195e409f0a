/**
 * The real app in its own process for benchmarks (load must come from another process): a
 * throw-away embedded PostgreSQL and data folder in a temp dir, migrations, createApp on a free
 * port, one owner with a roomy plan and one form. Reports its event-loop delay on request.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startAppServices } from '../src/appServer.ts';
import { parseConfig } from '../src/config.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../src/db/embeddedPostgres.ts';
import { bindModels, createKnex, migrateLatest } from '../src/db/knex.ts';
import { createLogger } from '../src/logger.ts';
import { Form, User } from '../src/models/index.ts';
import { hashPassword } from '../src/services/passwords.ts';
import type { FromServer, ServerReady, ToServer } from './benchProtocol.ts';

const send = (message: FromServer) => process.send?.(message);

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'formscribe-bench-'));
// PostgreSQL runs as a separate system user when we are root; it must reach its folder.
await fs.chmod(root, 0o755);
const logger = createLogger('warn');
const embedded = await startEmbeddedPostgres(path.join(root, 'postgres'), logger);
await ensureDatabase(embedded.connectionString('postgres'), 'bench');
const connectionString = embedded.connectionString('bench');
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
});
const services = await startAppServices(httpServer, config, logger, knex, connectionString);

const password = randomBytes(12).toString('hex');
const owner = await User.query().insertAndFetch({
  username: `bench-${randomBytes(4).toString('hex')}@example.org`,
  password: await hashPassword(password),
  emailVerified: true,
  imageCountLimitPerForm: 1_000_000,
  imageSizeLimitMb: 50,
});
const form = await Form.query().insertAndFetch({ name: 'Benchmark form', fields: [], createdById: owner.id });

const loopDelay = monitorEventLoopDelay({ resolution: 1 });
process.on('message', async (message: ToServer) => {
  if (message.type === 'loop:start') {
    loopDelay.reset();
    loopDelay.enable();
    send({ type: 'loop:started' });
  } else if (message.type === 'loop:stop') {
    loopDelay.disable();
    send({ type: 'loop', p99Ms: loopDelay.percentile(99) / 1e6, maxMs: loopDelay.max / 1e6 });
  } else if (message.type === 'stop') {
    await services.stop();
    httpServer.closeAllConnections();
    httpServer.close();
    await knex.destroy();
    await embedded.stop();
    await fs.rm(root, { recursive: true, force: true });
    send({ type: 'stopped' });
    process.exit(0);
  }
});

send({ type: 'ready', url, username: owner.username, password, formId: form.id } satisfies ServerReady);
