/**
 * Another app process (`tsx src/index.ts`) on its own port, sharing a test's database and
 * Redis: the second node of a deployment, started the way production starts it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../db/embeddedPostgres.ts';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from './testServer.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface SecondNode {
  url: string;
  stop(): Promise<void>;
}

export async function startSecondNode(databaseUrl: string, redisUrl: string): Promise<SecondNode> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'formscribe-node-b-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: TEST_ADMIN_EMAIL,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      LOG_LEVEL: 'error',
      JOB_POLL_SECONDS: '0.5',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`second node exited with ${child.exitCode}`);
    const healthy = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error('second node did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
