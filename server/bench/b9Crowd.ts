/**
 * B9: a crowd on one form. Contributors (real accounts with a password hash, given access as an
 * accepted invite does, each signed in with its own session and socket) loop next image → submit
 * on one 20-field form with more images than the run can finish, while owners' sockets watch the
 * form's figures. The crowd runs in separate processes from the app. Afterwards the contributors'
 * acknowledged submissions are compared with the database, and each owner socket's last
 * `form:stats` with GET verification-stats once the app has settled.
 * B9_CONTRIBUTORS (500), B9_SECONDS (60), B9_OWNERS (20), B9_WORKERS (2 crowd processes) and
 * B9_IMAGES (enough for 600 submissions/s) make it smaller for a try.
 *
 * By default each contributor starts its next cycle as soon as its submit is answered (a closed
 * loop). Then, by Little's law, the mean cycle time is contributors ÷ throughput: 500 people at
 * 200 submissions/s wait 2.5 s per cycle on average, whatever the app does, so the latency
 * figures of that run show the queue, not the app. B9_RATE=n offers n submissions/s instead:
 * each contributor starts one cycle every contributors ÷ n seconds, as people who spend time on
 * each image do, and the latencies are those of the app at that load.
 */
import type { VerificationStats } from '@formscribe/common/schemas/stats';
import { hashPassword } from '../src/services/passwords.ts';
import { checkLedger, type Ledger, sameFigures } from './b9Ledger.ts';
import type { BenchServer } from './benchServer.ts';
import { type Crowd, startCrowd } from './crowd.ts';
import type { CrowdRun } from './crowdProtocol.ts';
import { percentile, round } from './measure.ts';
import { type CpuSplit, measureCpu, perRequest } from './processCpu.ts';
import {
  createBenchForm,
  createContributors,
  createSessionPerUser,
  createSessions,
  type Seeder,
  seedEmptyImages,
  sessionCookie,
  THRESHOLD,
} from './seedData.ts';

export interface B9Options {
  contributors: number;
  seconds: number;
  owners: number;
  workers: number;
  images: number;
  /** Submissions per second offered by the whole crowd; undefined: as fast as answered. */
  offeredRate: number | undefined;
}

const positive = (env: NodeJS.ProcessEnv, name: string, fallback: number) => {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, not ${env[name]}`);
  return value;
};

export function b9Options(env: NodeJS.ProcessEnv = process.env): B9Options {
  const seconds = positive(env, 'B9_SECONDS', 60);
  return {
    contributors: positive(env, 'B9_CONTRIBUTORS', 500),
    seconds,
    owners: positive(env, 'B9_OWNERS', 20),
    workers: positive(env, 'B9_WORKERS', 2),
    // Work must never run out: room for 600 submissions/s, three times the target.
    images: positive(env, 'B9_IMAGES', Math.ceil((600 * seconds) / THRESHOLD)),
    offeredRate: env.B9_RATE === undefined ? undefined : positive(env, 'B9_RATE', 1),
  };
}

export interface B9Result extends Ledger {
  figure: string;
  contributors: number;
  owners: number;
  crowdProcesses: number;
  images: number;
  secondsPlanned: number;
  secondsRun: number;
  /** Submissions per second the crowd offered (B9_RATE); null in a closed loop. */
  offeredPerSecond: number | null;
  acknowledged: number;
  submissionsPerSecond: number;
  target: number;
  submitP50Ms: number;
  submitP99Ms: number;
  nextImageP50Ms: number;
  nextImageP99Ms: number;
  p99TargetMs: number;
  serverErrors: number;
  transportErrors: number;
  refused: Record<string, number>;
  noImagesLeft: number;
  entriesNeeded: number;
  watchersWithFinalFigures: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** CPU per acknowledged submission (one next-image → submit cycle) by process, where /proc has it. */
  cpuPerSubmission?: CpuSplit;
}

const SETTLE_TIMEOUT_MS = 10_000;

/** Owners whose last `form:stats` equals the settled figures; waits (up to 10 s) for stragglers. */
async function watchersWithFinalFigures(server: BenchServer, formId: number, crowd: Crowd): Promise<number> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  let matching = 0;
  do {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const settled = await server.client.get<VerificationStats>(`/api/forms/${formId}/verification-stats`);
    if (settled.status !== 200) throw new Error(`B9 verification-stats: ${settled.status} ${settled.text}`);
    const last = await crowd.lastStats();
    matching = last.filter((stats) => sameFigures(stats, settled.body)).length;
    if (matching === last.length) return matching;
  } while (Date.now() < deadline);
  return matching;
}

function merge(runs: CrowdRun[]): CrowdRun {
  const refused: Record<string, number> = {};
  for (const run of runs)
    for (const [kind, count] of Object.entries(run.refused)) refused[kind] = (refused[kind] ?? 0) + count;
  const sum = (pick: (run: CrowdRun) => number) => runs.reduce((total, run) => total + pick(run), 0);
  return {
    acknowledged: runs.flatMap((run) => run.acknowledged),
    nextImageMs: runs.flatMap((run) => run.nextImageMs),
    submitMs: runs.flatMap((run) => run.submitMs),
    serverErrors: sum((run) => run.serverErrors),
    transportErrors: sum((run) => run.transportErrors),
    refused,
    noImagesLeft: sum((run) => run.noImagesLeft),
  };
}

export async function runB9(server: BenchServer, seeder: Seeder, options: B9Options): Promise<B9Result> {
  const formId = await createBenchForm(seeder.db, server.ownerId, 'B9 crowd form');
  await seedEmptyImages(seeder, formId, options.images);
  const passwordHash = await hashPassword('b9-crowd-password');
  const people = await createContributors(seeder.db, formId, options.contributors, passwordHash);
  const cookies = (
    await createSessionPerUser(
      seeder.db,
      people.map((person) => person.id),
    )
  ).map(sessionCookie);
  const ownerCookies = (await createSessions(seeder.db, server.ownerId, options.owners)).map(sessionCookie);

  const crowds: Crowd[] = [];
  try {
    for (let worker = 0; worker < options.workers; worker++) {
      const contributors = cookies.filter((_, i) => i % options.workers === worker);
      crowds.push(await startCrowd(server.url, formId, { contributors, owners: worker === 0 ? ownerCookies : [] }));
    }
    const cycleMs = options.offeredRate ? (options.contributors / options.offeredRate) * 1000 : undefined;
    const processes = { app: [server.pid], driver: crowds.map((crowd) => crowd.pid), databaseUrl: server.databaseUrl };
    const { result, loop } = await server.measureLoop(() =>
      measureCpu(processes, async () => {
        const started = performance.now();
        const until = Date.now() + options.seconds * 1000;
        const runs = await Promise.all(crowds.map((crowd) => crowd.run(until, cycleMs)));
        return { run: merge(runs), seconds: (performance.now() - started) / 1000 };
      }),
    );
    const { run, seconds } = result.result;
    const [ownerCrowd] = crowds;
    const watchers = ownerCrowd ? await watchersWithFinalFigures(server, formId, ownerCrowd) : 0;
    const ledger = await checkLedger(seeder.db, formId, run.acknowledged, THRESHOLD);
    return {
      figure: `${options.contributors} contributors loop next-image → submit on one 20-field form${options.offeredRate ? ` (${options.offeredRate}/s offered)` : ''}, ${options.owners} owners watch`,
      contributors: options.contributors,
      owners: options.owners,
      crowdProcesses: options.workers,
      images: options.images,
      secondsPlanned: options.seconds,
      secondsRun: round(seconds, 1),
      offeredPerSecond: options.offeredRate ?? null,
      acknowledged: run.acknowledged.length,
      submissionsPerSecond: Math.round(run.acknowledged.length / seconds),
      target: 200,
      submitP50Ms: round(percentile(run.submitMs, 50), 1),
      submitP99Ms: round(percentile(run.submitMs, 99), 1),
      nextImageP50Ms: round(percentile(run.nextImageMs, 50), 1),
      nextImageP99Ms: round(percentile(run.nextImageMs, 99), 1),
      p99TargetMs: 500,
      serverErrors: run.serverErrors,
      transportErrors: run.transportErrors,
      refused: run.refused,
      noImagesLeft: run.noImagesLeft,
      entriesNeeded: THRESHOLD,
      ...ledger,
      watchersWithFinalFigures: watchers,
      loopDelayP99Ms: round(loop.p99Ms, 1),
      loopDelayMaxMs: round(loop.maxMs, 1),
      cpuPerSubmission: perRequest(result.cpu, run.acknowledged.length),
    };
  } finally {
    for (const crowd of crowds) await crowd.close().catch(() => {});
  }
}
