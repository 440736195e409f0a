/**
 * The whole process, started as `npm start` starts it: it comes back after kill -9 (what the
 * OOM killer does) with its data, leaves no half-received upload behind, and on SIGTERM lets
 * an upload in progress finish before exiting cleanly. One DATA_DIR (one initdb) for every
 * step, so the steps run in order and each starts where the previous one left off.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FormResponse, ImagesPageResponse } from '@formscribe/common/schemas/form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg } from './test/fixtures/imageFixtures.ts';
import { fileForm } from './test/imageFactories.ts';
import {
  createDataDir,
  type ServerProcess,
  startServerProcess,
  stopPostgresLeftIn,
  stopServerProcess,
} from './test/serverProcess.ts';
import { beginSlowUpload, type SlowUpload } from './test/slowUpload.ts';
import { TestClient } from './test/testClient.ts';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from './test/testServer.ts';

const SLOW = 300_000;

let dataDir: string;
let server: ServerProcess | undefined;
let admin: TestClient;
let form: FormResponse;
let photo: Buffer;

beforeAll(async () => {
  dataDir = await createDataDir();
  // Noise does not compress: a few megabytes of JPEG, so half of it is clearly "in progress".
  photo = await makeJpeg({ width: 2400, height: 1800, quality: 100 });
}, SLOW);

afterAll(async () => {
  await stopServerProcess(server);
  await stopPostgresLeftIn(dataDir);
  await fs.rm(dataDir, { recursive: true, force: true });
}, SLOW);

async function start(): Promise<ServerProcess> {
  server = await startServerProcess({ dataDir, port: server ? Number(new URL(server.url).port) : undefined });
  admin = new TestClient(server.url);
  const login = await admin.post('/api/login', { username: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD });
  expect(login.status).toBe(200);
  return server;
}

async function killHard(running: ServerProcess) {
  running.kill('SIGKILL');
  expect((await running.exited).signal).toBe('SIGKILL');
}

const listDir = (dir: string) => fs.readdir(dir).catch(() => [] as string[]);
const incomingDir = () => path.join(dataDir, 'incoming');

/** Every file under incoming/ (uploads keep a folder per request). */
async function incomingFiles(): Promise<string[]> {
  const entries = await fs.readdir(incomingDir(), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

async function beginPhotoUpload(running: ServerProcess): Promise<SlowUpload> {
  const upload = await beginSlowUpload({
    url: running.url,
    path: `/api/forms/${form.id}/images`,
    cookie: `formscribe_session=${admin.cookie('formscribe_session')}`,
    field: 'image',
    filename: 'ledger.jpg',
    contentType: 'image/jpeg',
    bytes: photo,
    firstPart: Math.floor(photo.length / 2),
  });
  // The premise: the server is receiving the file (into memory) and has half of it. Nothing
  // outside the process shows that, so the first half is given a moment to arrive.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return upload;
}

async function imageCount(): Promise<number> {
  const page = await admin.get<ImagesPageResponse>(`/api/forms/${form.id}/images`);
  expect(page.status).toBe(200);
  return page.body.total;
}

describe('the server process', () => {
  it('starts again after kill -9 and serves the same data', { timeout: SLOW }, async () => {
    const first = await start();
    const created = await admin.post<FormResponse>('/api/forms', { name: 'Parish register 1871' });
    expect(created.status).toBe(201);
    form = created.body;

    await killHard(first);
    await start();

    const again = await admin.get<FormResponse>(`/api/forms/${form.id}`);
    expect(again.status).toBe(200);
    expect(again.body.name).toBe('Parish register 1871');
  });

  it('after kill -9 during an upload, keeps no partial file and no row; the retry succeeds', {
    timeout: SLOW,
  }, async () => {
    if (!server) throw new Error('the previous step did not leave a server running');
    const upload = await beginPhotoUpload(server);
    await killHard(server);
    upload.destroy();

    await start();
    expect(await incomingFiles()).toEqual([]);
    expect(await listDir(path.join(dataDir, 'uploads', 'images'))).toEqual([]);
    expect(await listDir(path.join(dataDir, 'uploads', 'thumbnails'))).toEqual([]);
    expect(await imageCount()).toBe(0);

    const retried = await admin.post(`/api/forms/${form.id}/images`, fileForm(photo, 'ledger.jpg'));
    expect(retried.status).toBe(201);
    expect(await imageCount()).toBe(1);
  });

  it('on SIGTERM lets the upload in progress finish, then exits 0 without temporary files', {
    timeout: SLOW,
  }, async () => {
    const running = server;
    if (!running) throw new Error('the previous step did not leave a server running');
    const upload = await beginPhotoUpload(running);

    running.kill('SIGTERM');
    // The server has begun its shutdown before the rest of the body arrives.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const answer = await upload.finish();

    expect(answer.status).toBe(201);
    expect(await running.exited).toEqual({ code: 0, signal: null });
    expect(await incomingFiles()).toEqual([]);
    expect(await listDir(path.join(dataDir, 'uploads', 'images'))).toHaveLength(2);
    // The database was shut down cleanly: nothing holds the data directory.
    await expect(fs.access(path.join(dataDir, 'postgres', 'postmaster.pid'))).rejects.toThrow();
  });
});
