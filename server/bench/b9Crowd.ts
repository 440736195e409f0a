/**
 * B9: a crowd on one form. Contributors (real accounts with a password hash, given access as an
 * accepted invite does, each signed in with its own session and socket) loop next image → submit
 * on one 20-field form with more images than the run can finish, while owners' sockets watch the
 * form's figures. The crowd runs in separate processes from the app. Afterwards the contributors'
 * acknowledged submissions are compared with the database, and each owner socket's last
 * `form:stats` with GET verification-stats once the app has settled. Settings: b9Options.ts.
 *
 * Two phases, each on its own form and crowd, answer two questions apart:
 * - B9a, capacity: each contributor starts its next cycle as soon as its submit is answered (a
 *   closed loop). By Little's law its mean cycle is contributors ÷ throughput whatever the app
 *   does, so its latencies show the crowd's queue; its figure is submissions/s sustained.
 * - B9b, latency: each contributor spends a time drawn uniformly from B9_THINK_MS on each image
 *   before submitting, as people do; 500 people at 1.5–4.5 s offer 500 ÷ 3 s ≈ 167 cycles/s
 *   (what the think times alone allow; each person's own requests lengthen its cycle, which is
 *   why served is held to 95 % of it). Its figures are the p99s at that load and the rate served.
 */
import type { VerificationStats } from '@formscribe/common/schemas/stats';
import { hashPassword } from '../src/services/passwords.ts';
import { checkLedger, type Ledger, sameFigures } from './b9Ledger.ts';
import { type B9Options, type B9Phase, offeredPerSecond } from './b9Options.ts';
import type { BenchServer } from './benchServer.ts';
import { type Crowd, startCrowd } from './crowd.ts';
import { type CrowdRun, mergeRuns, type ThinkRange, type Timings } from './crowdProtocol.ts';
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
import { printStatementStatistics, resetStatementStatistics, statementStatisticsOn } from './statementStatistics.ts';

export interface B9Result extends Ledger {
  phase: B9Phase;
  figure: string;
  contributors: number;
  owners: number;
  crowdProcesses: number;
  images: number;
  secondsPlanned: number;
  secondsRun: number;
  /** B9b's time on an image; null in B9a's closed loop. */
  thinkMs: ThinkRange | null;
  /** B9b: cycles/s the think times alone allow (contributors ÷ mean think); null in B9a. */
  offeredPerSecond: number | null;
  /** B9b: acknowledged/s once every contributor is under way (from 2 × the longest think to the end). */
  servedPerSecond: number | null;
  servedShare: number | null;
  servedShareTarget: number;
  acknowledged: number;
  /** All acknowledged submissions over the whole run, its tail included. */
  submissionsPerSecond: number;
  /** B9a's capacity target (submissions/s). */
  target: number;
  submitP50Ms: number;
  submitP99Ms: number;
  nextImageP50Ms: number;
  nextImageP99Ms: number;
  /** For reading where a tail sits: each 10 s of the run's p99 (the last window may be shorter). */
  p99By10sMs: { submit: number[]; nextImage: number[] };
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
export async function watchersWithFinalFigures(server: BenchServer, formId: number, crowd: Crowd): Promise<number> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  let matching = 0;
  do {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const settled = await server.client.get<VerificationStats>(`/api/forms/${formId}/verification-stats`);
    if (settled.status !== 200) throw new Error(`crowd verification-stats: ${settled.status} ${settled.text}`);
    const last = await crowd.lastStats();
    matching = last.filter((stats) => sameFigures(stats, settled.body)).length;
    if (matching === last.length) return matching;
  } while (Date.now() < deadline);
  return matching;
}

export interface SeatedCrowd {
  formId: number;
  /** The first holds the owners' sockets. */
  crowds: Crowd[];
  close(): Promise<void>;
}

/**
 * A form with `images` empty images, `contributors` signed-in people with access to it and
 * `owners` sessions of its owner, their sockets open in `workers` crowd processes.
 */
export async function seatCrowd(
  server: BenchServer,
  seeder: Seeder,
  people: { name: string; contributors: number; owners: number; workers: number; images: number },
): Promise<SeatedCrowd> {
  const formId = await createBenchForm(seeder.db, server.ownerId, people.name);
  await seedEmptyImages(seeder, formId, people.images);
  const passwordHash = await hashPassword('b9-crowd-password');
  const contributors = await createContributors(seeder.db, formId, people.contributors, passwordHash);
  const ids = contributors.map((person) => person.id);
  const cookies = (await createSessionPerUser(seeder.db, ids)).map(sessionCookie);
  const ownerCookies = (await createSessions(seeder.db, server.ownerId, people.owners)).map(sessionCookie);
  const crowds: Crowd[] = [];
  const close = async () => {
    for (const crowd of crowds) await crowd.close().catch(() => {});
  };
  try {
    for (let worker = 0; worker < people.workers; worker++) {
      const mine = cookies.filter((_, i) => i % people.workers === worker);
      crowds.push(
        await startCrowd(server.url, formId, { contributors: mine, owners: worker === 0 ? ownerCookies : [] }),
      );
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { formId, crowds, close };
}

/** The p99 of the answers that came in each 10 s from `from`, up to the run's last answer. */
function p99ByWindow(timings: Timings, from: number, until: number): number[] {
  const windows: number[][] = [];
  timings.at.forEach((at, i) => {
    const index = Math.max(0, Math.floor((Math.min(at, until + 10_000) - from) / 10_000));
    const window = windows[index] ?? [];
    window.push(timings.ms[i] ?? 0);
    windows[index] = window;
  });
  return Array.from(windows, (ms) => (ms?.length ? Math.round(percentile(ms, 99)) : 0));
}

/** Acknowledgements per second between `from` and `to` (epoch ms). */
function ackRate(run: CrowdRun, from: number, to: number): number {
  const inWindow = run.acknowledgedAt.filter((at) => at >= from && at <= to).length;
  return inWindow / ((to - from) / 1000);
}

export async function runB9(
  server: BenchServer,
  seeder: Seeder,
  options: B9Options,
  phase: B9Phase,
): Promise<B9Result> {
  const think = phase === 'b' ? options.think : undefined;
  const seated = await seatCrowd(server, seeder, { name: `B9${phase} crowd form`, ...options });
  try {
    const { formId, crowds } = seated;
    const processes = { app: [server.pid], driver: crowds.map((crowd) => crowd.pid), databaseUrl: server.databaseUrl };
    if (statementStatisticsOn()) await resetStatementStatistics(seeder.db);
    const begun = Date.now();
    const until = begun + options.seconds * 1000;
    const { result, loop } = await server.measureLoop(() =>
      measureCpu(processes, async () => {
        const started = performance.now();
        const runs = await Promise.all(crowds.map((crowd) => crowd.run(until, think)));
        return { run: mergeRuns(runs), seconds: (performance.now() - started) / 1000 };
      }),
    );
    const { run, seconds } = result.result;
    if (statementStatisticsOn()) await printStatementStatistics(seeder.db, run.acknowledged.length, 'cycle');
    const [ownerCrowd] = crowds;
    const watchers = ownerCrowd ? await watchersWithFinalFigures(server, formId, ownerCrowd) : 0;
    const ledger = await checkLedger(seeder.db, formId, run.acknowledged, THRESHOLD);
    const offered = think ? offeredPerSecond(options.contributors, think) : null;
    // Served is counted once every contributor has started and finished a first image.
    const steadyFrom = think && options.seconds * 1000 > 4 * think.maxMs ? begun + 2 * think.maxMs : begun;
    const served = think ? ackRate(run, steadyFrom, until) : null;
    const how = think ? `spend ${think.minMs / 1000}–${think.maxMs / 1000} s on each image` : 'loop';
    return {
      phase,
      figure: `B9${phase}: ${options.contributors} contributors ${how} (next-image → submit) on one 20-field form, ${options.owners} owners watch`,
      contributors: options.contributors,
      owners: options.owners,
      crowdProcesses: options.workers,
      images: options.images,
      secondsPlanned: options.seconds,
      secondsRun: round(seconds, 1),
      thinkMs: think ?? null,
      offeredPerSecond: offered === null ? null : round(offered, 1),
      servedPerSecond: served === null ? null : round(served, 1),
      servedShare: served === null || offered === null ? null : round(served / offered, 3),
      servedShareTarget: 0.95,
      acknowledged: run.acknowledged.length,
      submissionsPerSecond: Math.round(run.acknowledged.length / seconds),
      target: 200,
      submitP50Ms: round(percentile(run.submit.ms, 50), 1),
      submitP99Ms: round(percentile(run.submit.ms, 99), 1),
      nextImageP50Ms: round(percentile(run.nextImage.ms, 50), 1),
      nextImageP99Ms: round(percentile(run.nextImage.ms, 99), 1),
      p99By10sMs: {
        submit: p99ByWindow(run.submit, begun, until),
        nextImage: p99ByWindow(run.nextImage, begun, until),
      },
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
    await seated.close();
  }
}
