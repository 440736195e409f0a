/** The runner's handle on the app process: start it, sign in, bracket phases for loop delay, stop it. */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { VerificationStats } from '@formscribe/common/schemas/stats';
import { TestClient } from '../src/test/testClient.ts';
import {
  type FromServer,
  isFromServer,
  type LoopDelay,
  type MemoryReport,
  type ServerReady,
  type ToServer,
} from './benchProtocol.ts';
import type { CapturedStatement } from './sqlCapture.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface BenchServer {
  url: string;
  formId: number;
  ownerId: number;
  databaseUrl: string;
  client: TestClient;
  /** The app process's id, to tell its figures apart when several nodes run. */
  pid: number;
  /** Runs `phase` while the app process records its event-loop delay. */
  measureLoop<T>(phase: () => Promise<T>): Promise<{ result: T; loop: LoopDelay }>;
  /** Turns commit stamps on or off (B7/B8); resolves once the app process has the setting. */
  stampCommits(on: boolean): Promise<void>;
  /** The app-side time of the next committed submission; call before sending it. */
  nextCommit(): Promise<number>;
  /** The raw `io.to(room).emit` primitive, run inside the app process; resolves to its emit time. */
  rawEmitStats(formId: number, stats: VerificationStats): Promise<number>;
  /** The app process's memory now (after a full collection when started with `exposeGc`). */
  memory(): Promise<MemoryReport>;
  /** The SQL the app runs for the requests `send` makes, one list per request (sqlCapture.ts). */
  captureSql(requests: number, send: () => Promise<void>): Promise<CapturedStatement[][]>;
  stop(): Promise<void>;
}

export interface BenchServerOptions {
  /** Join this database (another node of the same deployment) instead of starting a new one. */
  databaseUrl?: string;
  redisUrl?: string;
  /** Variables for the app process only (an allocator setting such as MALLOC_ARENA_MAX, LD_PRELOAD). */
  env?: Record<string, string>;
  /** Start it with --expose-gc, so memory() reports what is held rather than garbage not yet collected. */
  exposeGc?: boolean;
}

function nextMessage<T extends FromServer['type']>(
  child: ChildProcess,
  type: T,
): Promise<Extract<FromServer, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!isFromServer(message) || message.type !== type) return;
      child.off('message', onMessage).off('exit', onExit);
      resolve(message as Extract<FromServer, { type: T }>);
    };
    const onExit = (code: number | null) => reject(new Error(`bench server exited (${code}) before "${type}"`));
    child.on('message', onMessage).on('exit', onExit);
  });
}

/**
 * BENCH_CPU_PROF=dir profiles the app process (`node --cpu-prof`): it writes a .cpuprofile into
 * dir when it stops; `npx tsx server/bench/cpuProfileTop.ts dir/*.cpuprofile` prints its top frames.
 */
function cpuProfileArgs(): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(dir)] : [];
}

export async function startBenchServer(options: BenchServerOptions = {}): Promise<BenchServer> {
  const child = fork(path.join(here, 'benchServerProcess.ts'), [], {
    execArgv: ['--import', 'tsx', ...cpuProfileArgs(), ...(options.exposeGc ? ['--expose-gc'] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      ...(options.databaseUrl ? { BENCH_DATABASE_URL: options.databaseUrl } : {}),
      ...(options.redisUrl ? { BENCH_REDIS_URL: options.redisUrl } : {}),
      ...options.env,
    },
  });
  const tell = (message: ToServer) => child.send(message);
  const ready: ServerReady = await nextMessage(child, 'ready');
  const client = new TestClient(ready.url);
  const login = await client.post('/api/login', { username: ready.username, password: ready.password });
  if (login.status !== 200) throw new Error(`bench login failed: ${login.status} ${login.text}`);
  return {
    url: ready.url,
    formId: ready.formId,
    ownerId: ready.ownerId,
    databaseUrl: ready.databaseUrl,
    client,
    pid: child.pid ?? 0,
    async measureLoop(phase) {
      const started = nextMessage(child, 'loop:started');
      tell({ type: 'loop:start' });
      await started;
      const result = await phase();
      const stopped = nextMessage(child, 'loop');
      tell({ type: 'loop:stop' });
      return { result, loop: await stopped };
    },
    async stampCommits(on) {
      const done = nextMessage(child, 'commits:stamping');
      tell({ type: 'commits:stamp', on });
      await done;
    },
    async nextCommit() {
      return (await nextMessage(child, 'committed')).at;
    },
    async rawEmitStats(formId, stats) {
      const emitted = nextMessage(child, 'emitted');
      tell({ type: 'emit:stats', formId, stats });
      return (await emitted).at;
    },
    async memory() {
      const report = nextMessage(child, 'memory');
      tell({ type: 'memory' });
      return report;
    },
    async captureSql(requests, sendRequests) {
      const capturing = nextMessage(child, 'sql:capturing');
      const captured = nextMessage(child, 'sql:captured');
      tell({ type: 'sql:capture', requests });
      await capturing;
      await sendRequests();
      return (await captured).requests;
    },
    async stop() {
      const stopped = nextMessage(child, 'stopped');
      tell({ type: 'stop' });
      await stopped;
    },
  };
}
