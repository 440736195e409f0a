/**
 * B1, two figures from one run, every side loaded by the same autocannon client from this process:
 *  - B1a: the API stack on the unauthenticated GET /api/health against bare Koa with @koa/router
 *    answering the same JSON in its own process (koaHelloServerProcess.ts): what our stack costs
 *    over the framework it is built on (target 0.90). For information, against a bare `node:http`
 *    hello too (what Koa and our stack cost together).
 *  - B1b: an authenticated GET /api/forms/{id} by a contributor (session lookup, policy with its
 *    access flags, presenter) against a bare `node:http` server in its own process running the
 *    same statements through `pg` for the same cookie (sqlServerProcess.ts).
 * Five runs of the five sides alternate after a warm-up of each; medians of the runs (with three,
 * B1a read 0.89–1.15 in runs minutes apart: a side whose runs fell on a busier moment of the shared
 * machine moved the median).
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchServer } from './benchServer.ts';
import { httpLoad, LOAD_CONNECTIONS, type LoadFigures } from './httpLoad.ts';
import { median, round } from './measure.ts';
import { createContributors, createSessions, type Seeder, sessionCookie } from './seedData.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface B1Figure {
  figure: string;
  primitive: string;
  appRequestsPerSecond: number;
  primitiveRequestsPerSecond: number;
  ratio: number;
  target: number;
  appP99Ms: number;
  primitiveP99Ms: number;
  failures: number;
}

export interface B1Result {
  connections: number;
  runs: number;
  secondsPerRun: number;
  /** B1a's route against bare Koa + @koa/router: the cost that is ours, not Koa's. */
  b1a: B1Figure;
  /** For information: B1a's route against a bare node:http hello (Koa's cost and ours together). */
  b1aOverHello: B1Figure;
  b1b: B1Figure;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

/** A primitive server in its own process (profileB1.ts loads them too, reading their CPU by pid). */
export async function startPrimitive(
  file: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ url: string; pid: number; stop(): void }> {
  const child = fork(path.join(here, file), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`${file} exited (${code}) before listening`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, stop: () => child.send('stop') };
}

function figure(
  what: { figure: string; primitive: string; target: number },
  ours: LoadFigures[],
  theirs: LoadFigures[],
): B1Figure {
  const appRps = median(ours.map((r) => r.requestsPerSecond));
  const primitiveRps = median(theirs.map((r) => r.requestsPerSecond));
  return {
    ...what,
    appRequestsPerSecond: Math.round(appRps),
    primitiveRequestsPerSecond: Math.round(primitiveRps),
    ratio: round(appRps / primitiveRps),
    appP99Ms: median(ours.map((r) => r.p99Ms)),
    primitiveP99Ms: median(theirs.map((r) => r.p99Ms)),
    failures: [...ours, ...theirs].reduce((sum, r) => sum + r.failures, 0),
  };
}

export async function runB1(server: BenchServer, seeder: Seeder, runs = 5, seconds = 5): Promise<B1Result> {
  const [contributor] = await createContributors(seeder.db, server.formId, 1);
  if (!contributor) throw new Error('B1: no contributor');
  const cookie = sessionCookie((await createSessions(seeder.db, contributor.id, 1))[0] ?? '');
  const hello = await startPrimitive('helloServerProcess.ts');
  const koaHello = await startPrimitive('koaHelloServerProcess.ts');
  const sql = await startPrimitive('sqlServerProcess.ts', { BENCH_DATABASE_URL: server.databaseUrl });
  try {
    const formPath = `/api/forms/${server.formId}`;
    const loads = {
      health: () => httpLoad({ url: `${server.url}/api/health`, duration: seconds }),
      hello: () => httpLoad({ url: `${hello.url}/`, duration: seconds }),
      koaHello: () => httpLoad({ url: `${koaHello.url}/api/health`, duration: seconds }),
      form: () => httpLoad({ url: `${server.url}${formPath}`, headers: { cookie }, duration: seconds }),
      formSql: () => httpLoad({ url: `${sql.url}${formPath}`, headers: { cookie }, duration: seconds }),
    };
    type Side = keyof typeof loads;
    const sides = Object.keys(loads) as Side[];
    for (const side of sides) await loads[side]();
    const measured = new Map<Side, LoadFigures[]>(sides.map((side) => [side, []]));
    const { loop } = await server.measureLoop(async () => {
      for (let run = 0; run < runs; run++) for (const side of sides) measured.get(side)?.push(await loads[side]());
    });
    const of = (side: Side) => measured.get(side) ?? [];
    return {
      connections: LOAD_CONNECTIONS,
      runs,
      secondsPerRun: seconds,
      b1a: figure(
        { figure: 'GET /api/health req/s', primitive: 'bare Koa + @koa/router, same JSON', target: 0.9 },
        of('health'),
        of('koaHello'),
      ),
      b1aOverHello: figure(
        { figure: 'GET /api/health req/s', primitive: 'bare node:http hello', target: 0.6 },
        of('health'),
        of('hello'),
      ),
      b1b: figure(
        {
          figure: "authenticated GET /api/forms/{id} req/s (a contributor's cookie)",
          primitive: 'bare node:http running the same session, form and form_access reads through pg',
          target: 0.6,
        },
        of('form'),
        of('formSql'),
      ),
      loopDelayP99Ms: round(loop.p99Ms, 1),
      loopDelayMaxMs: round(loop.maxMs, 1),
    };
  } finally {
    hello.stop();
    koaHello.stop();
    sql.stop();
  }
}
