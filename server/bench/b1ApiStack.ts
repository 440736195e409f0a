/**
 * B1: the API stack's throughput on an authenticated GET /api/forms/{id} (session lookup, policy,
 * presenter, JSON) against a bare `node:http` hello in its own process, both loaded by the same
 * autocannon client from this process. Runs alternate after a warm-up of each.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SESSION_COOKIE } from '../src/services/sessions.ts';
import type { BenchServer } from './benchServer.ts';
import { httpLoad, LOAD_CONNECTIONS, type LoadFigures } from './httpLoad.ts';
import { median, round } from './measure.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface B1Result {
  figure: string;
  connections: number;
  runs: number;
  secondsPerRun: number;
  appRequestsPerSecond: number;
  helloRequestsPerSecond: number;
  ratio: number;
  target: number;
  appP99Ms: number;
  helloP99Ms: number;
  failures: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

async function startHello(): Promise<{ url: string; stop(): void }> {
  const child = fork(path.join(here, 'helloServerProcess.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve) =>
    child.once('message', (message: { port: number }) => resolve(message.port)),
  );
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.send('stop') };
}

export async function runB1(server: BenchServer, runs = 3, seconds = 5): Promise<B1Result> {
  const hello = await startHello();
  try {
    const app = () =>
      httpLoad({
        url: `${server.url}/api/forms/${server.formId}`,
        headers: { cookie: `${SESSION_COOKIE}=${server.client.cookie(SESSION_COOKIE) ?? ''}` },
        duration: seconds,
      });
    const bare = () => httpLoad({ url: hello.url, duration: seconds });
    await app();
    await bare();
    const ours: LoadFigures[] = [];
    const primitive: LoadFigures[] = [];
    const { loop } = await server.measureLoop(async () => {
      for (let run = 0; run < runs; run++) {
        ours.push(await app());
        primitive.push(await bare());
      }
    });
    const appRps = median(ours.map((r) => r.requestsPerSecond));
    const helloRps = median(primitive.map((r) => r.requestsPerSecond));
    return {
      figure: 'authenticated GET /api/forms/{id} req/s',
      connections: LOAD_CONNECTIONS,
      runs,
      secondsPerRun: seconds,
      appRequestsPerSecond: Math.round(appRps),
      helloRequestsPerSecond: Math.round(helloRps),
      ratio: round(appRps / helloRps),
      target: 0.6,
      appP99Ms: median(ours.map((r) => r.p99Ms)),
      helloP99Ms: median(primitive.map((r) => r.p99Ms)),
      failures: [...ours, ...primitive].reduce((sum, r) => sum + r.failures, 0),
      loopDelayP99Ms: round(loop.p99Ms, 1),
      loopDelayMaxMs: round(loop.maxMs, 1),
    };
  } finally {
    hello.stop();
  }
}
