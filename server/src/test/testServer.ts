/**
 * Starts the real app for one test file: its own database cloned from the migrated template,
 * its own data folder, a real SMTP peer for mail, real job workers, a real HTTP port.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import pg from 'pg';
import { inject } from 'vitest';
import { startAppServices } from '../appServer.ts';
import type { AppDeps } from '../appTypes.ts';
import { parseConfig } from '../config.ts';
import { bindModels, createKnex } from '../db/knex.ts';
import { createLogger } from '../logger.ts';
import { S3TestServer } from './s3Server.ts';
import { SmtpPeer } from './smtpPeer.ts';
import { TestClient } from './testClient.ts';

export const TEST_ADMIN_EMAIL = 'admin@formscribe.test';
export const TEST_ADMIN_PASSWORD = 'admin-password';

export interface TestServer {
  url: string;
  /** The Node server the app listens on: a test may hand it a connection of its own making. */
  httpServer: http.Server;
  /** The test file's own database, for a second node to share. */
  connectionString: string;
  deps: AppDeps;
  knex: Knex;
  smtp: SmtpPeer;
  /** The test's own bucket when files go to S3 (see TestServerOptions.storage). */
  s3: S3TestServer | undefined;
  client(): TestClient;
  stop(): Promise<void>;
}

/** A new database cloned from the migrated template (also for nodes started as processes). */
export async function createDatabaseFromTemplate(): Promise<string> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface TestServerOptions {
  /**
   * Where files go: local disk, or a bucket of a local s3rver started for this server. Defaults to
   * TEST_STORAGE_DRIVER, which the `server-s3` vitest project sets to run storage suites on S3.
   */
  storage?: 'local' | 's3';
}

export async function startTestServer(
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const storage = options.storage ?? (process.env.TEST_STORAGE_DRIVER === 's3' ? 's3' : 'local');
  const s3 = storage === 's3' ? await S3TestServer.start() : undefined;
  const connectionString = await createDatabaseFromTemplate();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'formscribe-test-data-'));
  const smtp = await SmtpPeer.start();
  const httpServer = http.createServer();
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const config = parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    SMTP_URL: smtp.url,
    ADMIN_EMAIL: TEST_ADMIN_EMAIL,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    JOB_POLL_SECONDS: '0.5',
    ...s3?.env(),
    ...env,
  });
  const logger = createLogger(config.logLevel);
  const { size, acquireTimeoutMs } = config.databasePool;
  const knex = createKnex(connectionString, size, { acquireTimeoutMs, logger });
  bindModels(knex);
  const services = await startAppServices(httpServer, config, logger, knex, connectionString);
  const { deps } = services;

  return {
    url,
    httpServer,
    connectionString,
    deps,
    knex,
    smtp,
    s3,
    client: () => new TestClient(url),
    async stop() {
      await services.stop();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await smtp.stop();
      await knex.destroy();
      await fs.rm(dataDir, { recursive: true, force: true });
      await s3?.stop();
    },
  };
}
