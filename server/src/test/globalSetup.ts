/**
 * One embedded PostgreSQL per test run. A template database is migrated once (with the job
 * queue's schema installed); every test file then clones its own database from it in ~100 ms.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../db/embeddedPostgres.ts';
import { createKnex, migrateLatest } from '../db/knex.ts';
import { JobQueue } from '../jobs/jobQueue.ts';
import { createLogger } from '../logger.ts';

export const TEMPLATE_DATABASE = 'formscribe_template';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    postgresTemplate: string;
  }
}

let embedded: EmbeddedDatabase | undefined;
let clusterRoot: string | undefined;

export async function setup(project: TestProject) {
  const logger = createLogger('warn');
  clusterRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'formscribe-test-pg-'));
  await fs.chmod(clusterRoot, 0o755);
  embedded = await startEmbeddedPostgres(path.join(clusterRoot, 'cluster'), logger);
  const adminUrl = embedded.connectionString('postgres');

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();

  const templateUrl = embedded.connectionString(TEMPLATE_DATABASE);
  const knex = createKnex(templateUrl, 2);
  await migrateLatest(knex);
  await knex.destroy();
  const jobs = new JobQueue({ connectionString: templateUrl, logger, pollSeconds: 1 });
  await jobs.start();
  await jobs.stop();

  project.provide('postgresAdminUrl', adminUrl);
  project.provide('postgresTemplate', TEMPLATE_DATABASE);
}

export async function teardown() {
  await embedded?.stop();
  if (clusterRoot) await fs.rm(clusterRoot, { recursive: true, force: true });
}
