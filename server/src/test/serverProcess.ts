/**
 * The real entry point (`src/index.ts` under tsx) as a child process with its own DATA_DIR and
 * embedded PostgreSQL: for tests of what happens to a whole process (kill -9, SIGTERM,
 * restart). Its output is kept so a failed start explains itself.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../db/embeddedPostgres.ts';
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from './testServer.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** Resolves when the process has exited. */
  exited: Promise<ProcessExit>;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  running(): boolean;
  kill(signal: NodeJS.Signals): void;
}

/** A DATA_DIR for server processes; the embedded PostgreSQL runs as another user when we are root. */
export async function createDataDir(): Promise<string> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'formscribe-process-'));
  await fs.chmod(dataDir, 0o755);
  return dataDir;
}

export interface ServerProcessOptions {
  dataDir: string;
  port?: number;
  /** How long to wait for /api/health (the first start runs initdb). */
  startTimeoutMs?: number;
  /** Settings on top of the one-command setup (DATABASE_URL, REDIS_URL, a bucket…: a node of a deployment). */
  env?: Record<string, string>;
}

async function waitUntilHealthy(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${output()}`);
    }
    const healthy = await fetch(`${url}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return;
    if (Date.now() > deadline) throw new Error(`server did not become healthy in ${timeoutMs} ms:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** How often a process on a port we picked is started again when someone took the port meanwhile. */
const PORT_ATTEMPTS = 3;

/**
 * Starts `src/index.ts` and resolves once it answers /api/health. A port found free can be taken
 * before the child listens on it (other test files open connections all the time, and outgoing
 * connections draw from the same range), so a port we picked ourselves is picked again then.
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnPort(options, options.port ?? (await freePort()));
    } catch (error) {
      const portTaken = error instanceof Error && /port \d+ is already in use/.test(error.message);
      if (!portTaken || options.port !== undefined || attempt >= PORT_ATTEMPTS) throw error;
    }
  }
}

async function startOnPort(options: ServerProcessOptions, port: number): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: options.dataDir,
    ADMIN_EMAIL: TEST_ADMIN_EMAIL,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    LOG_LEVEL: 'info',
    JOB_POLL_SECONDS: '0.5',
  };
  // The embedded database, local mail and in-memory sockets: the one-command setup.
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL']) delete env[name];
  Object.assign(env, options.env);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: serverRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<ProcessExit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not spawn the server process');
  try {
    await waitUntilHealthy(url, child, () => output, options.startTimeoutMs ?? 180_000);
  } catch (error) {
    if (child.exitCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    throw error;
  }
  return {
    url,
    pid,
    exited,
    output: () => output,
    running: () => child.exitCode === null && child.signalCode === null,
    kill: (signal) => child.kill(signal),
  };
}

/** Stops a server process (SIGTERM) and waits for it; one that is already gone is fine. */
export async function stopServerProcess(server: ServerProcess | undefined): Promise<void> {
  if (!server?.running()) return;
  server.kill('SIGTERM');
  await server.exited;
}

/**
 * After a test that failed half-way, a PostgreSQL whose node was killed may still be running on
 * the DATA_DIR: ask it to stop (fast shutdown) so no process outlives the test run.
 */
export async function stopPostgresLeftIn(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  const text = await fs.readFile(pidFile, 'utf8').catch(() => '');
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return;
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 20_000;
  while (alive() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
}
