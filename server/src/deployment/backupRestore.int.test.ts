/**
 * The backup procedure of docs/operations.md, run once for real: data is written through the
 * app, the database is dumped with pg_dump (custom format) and the uploads folder copied, then
 * the database is dropped and the files deleted (the disaster), restored with pg_restore and the
 * copy, and the app started again on the restored database must serve the same data, files and
 * sessions, and keep numbering new rows after the old ones.
 *
 * The server is PostgreSQL from Debian's packages, not the embedded one: pg_dump refuses a
 * server newer than itself, and no pg_dump as new as the embedded PostgreSQL is installable
 * here (see debianPostgres.ts).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ImagesPageResponse } from '@formscribe/common/schemas/form';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServices } from '../appServer.ts';
import { parseConfig } from '../config.ts';
import { bindModels, migrateLatest } from '../db/knex.ts';
import { openDatabase } from '../db/openDatabase.ts';
import { createLogger } from '../logger.ts';
import { SESSION_COOKIE } from '../services/sessions.ts';
import { type DebianPostgres, runProgram, startDebianPostgres } from '../test/debianPostgres.ts';
import { createForm, createUser, DEFAULT_PASSWORD, signInViaLogin } from '../test/factories.ts';
import { makeJpeg } from '../test/fixtures/imageFixtures.ts';
import { uploadImageOk } from '../test/imageFactories.ts';
import { TestClient } from '../test/testClient.ts';

const DATABASE = 'formscribe';

interface RunningApp {
  url: string;
  stop(): Promise<void>;
}

/** The app as index.ts starts it: open the database, migrate, start services, listen. */
async function startApp(databaseUrl: string, dataDir: string): Promise<RunningApp> {
  const httpServer = http.createServer();
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const config = parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    JOB_POLL_SECONDS: '0.5',
  });
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config, logger);
  await migrateLatest(database.knex);
  bindModels(database.knex);
  const services = await startAppServices(httpServer, config, logger, database.knex, database.connectionString);
  return {
    url,
    async stop() {
      await services.stop();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await database.close();
    },
  };
}

async function adminQuery(postgres: DebianPostgres, sql: string) {
  const client = new pg.Client({ connectionString: postgres.url('postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** What an owner sees of a form: its settings, its images, and the image files themselves. */
async function ownerView(client: TestClient, formId: number) {
  const form = await client.get(`/api/forms/${formId}`);
  const images = await client.get<ImagesPageResponse>(`/api/forms/${formId}/images`);
  const files = [];
  for (const image of images.body.images) {
    for (const fileUrl of [image.publicUrl, image.thumbnailUrl]) {
      const response = await fetch(`${client.baseUrl}${fileUrl}`, {
        headers: { cookie: `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE)}` },
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      files.push({
        fileUrl,
        status: response.status,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
    }
  }
  return {
    form: { status: form.status, body: form.body },
    images: { status: images.status, body: images.body },
    files,
  };
}

describe('backup and restore (pg_dump, pg_restore and the uploads folder)', () => {
  let postgres: DebianPostgres;
  let scratch = '';
  let dataDir = '';
  let app: RunningApp | undefined;
  let ownerClient: TestClient;
  let formId = 0;
  let ownerId = 0;
  let before: Awaited<ReturnType<typeof ownerView>>;

  beforeAll(async () => {
    postgres = await startDebianPostgres();
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'formscribe-backup-'));
    dataDir = path.join(scratch, 'data');
    await adminQuery(postgres, `CREATE DATABASE ${DATABASE}`);
    app = await startApp(postgres.url(DATABASE), dataDir);

    const owner = await createUser({ username: 'archivist@backup.test' });
    ownerId = owner.id;
    ownerClient = new TestClient(app.url);
    await signInViaLogin(ownerClient, owner);
    formId = (await createForm(owner, { name: 'Parish registers 1851' })).id;
    await uploadImageOk(ownerClient, formId, await makeJpeg());
    before = await ownerView(ownerClient, formId);

    // The backup, taken while the app runs: pg_dump reads one consistent snapshot.
    const dumpFile = path.join(scratch, 'formscribe.dump');
    await runProgram(postgres.program('pg_dump'), ['--format=custom', `--file=${dumpFile}`, postgres.url(DATABASE)]);
    await fs.cp(path.join(dataDir, 'uploads'), path.join(scratch, 'uploads-backup'), { recursive: true });

    // The disaster: the app stops, the database and the files are gone.
    await app.stop();
    app = undefined;
    await adminQuery(postgres, `DROP DATABASE ${DATABASE} WITH (FORCE)`);
    await fs.rm(path.join(dataDir, 'uploads'), { recursive: true });

    // The restore: an empty database, pg_restore, the files put back, the app started again.
    await adminQuery(postgres, `CREATE DATABASE ${DATABASE}`);
    await runProgram(postgres.program('pg_restore'), [
      '--no-owner',
      '--exit-on-error',
      `--dbname=${postgres.url(DATABASE)}`,
      dumpFile,
    ]);
    await fs.cp(path.join(scratch, 'uploads-backup'), path.join(dataDir, 'uploads'), { recursive: true });
    app = await startApp(postgres.url(DATABASE), dataDir);
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await postgres?.stop();
    if (scratch) await fs.rm(scratch, { recursive: true, force: true });
  }, 60_000);

  it('serves the same form, images and files, to a session signed in before the backup', async () => {
    expect(before.images.body.images).toHaveLength(1);
    expect(before.files.map((file) => [file.status, file.size > 0])).toEqual([
      [200, true],
      [200, true],
    ]);
    const sameSession = new TestClient(app?.url ?? '');
    sameSession.setCookie(SESSION_COOKIE, ownerClient.cookie(SESSION_COOKIE) ?? '');
    expect(await ownerView(sameSession, formId)).toEqual(before);
  });

  it('signs in, and numbers new rows after the restored ones (the sequences came back too)', async () => {
    const client = new TestClient(app?.url ?? '');
    const login = await client.post('/api/login', { username: 'archivist@backup.test', password: DEFAULT_PASSWORD });
    expect(login.status).toBe(200);
    const added = await uploadImageOk(client, formId, await makeJpeg());
    expect(added.number).toBe(2);
    const newcomer = await createUser({ username: 'newcomer@backup.test' });
    expect(newcomer.id).toBeGreaterThan(ownerId);
  });
});
