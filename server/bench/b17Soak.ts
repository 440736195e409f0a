/**
 * B17: a soak. For B17_MINUTES (30; 2 is the smoke run) 200 contributors who spend 3–5 s on each
 * image (about 50 submissions/s offered) work on one form while 20 owners' sockets watch it; every
 * minute the owner uploads a few images and exports the form's CSV through HTTP. Every 10 s it
 * samples what a leak would grow (b17Sampler.ts) and drains the crowd's tallies, so the crowd
 * itself stays flat; b17Report.ts judges the series. Run only when named: it lasts the minutes.
 *
 * The work must be the same in the last minutes as in the first, or a drift says nothing about
 * the app. A form hands out its least covered images first, so a form seeded once with all the
 * run's images gets only first entries until every image has one, and only completing entries
 * after (each of which also moves the form's counters and verifies fields): the first soaks
 * changed their work at minute 22. Here the form starts with half a minute of images and gains
 * as many each 10 s as the crowd completes (its offer ÷ the threshold), as a project whose owners
 * keep uploading does: after the first half minute, half the entries are first entries and half
 * complete an image, throughout, while the tables grow as before.
 */
import { seatCrowd, watchersWithFinalFigures } from './b9Crowd.ts';
import { checkLedger } from './b9Ledger.ts';
import { offeredPerSecond } from './b9Options.ts';
import { checkSoak, type MinuteFigures, perMinute, type SoakChecks, soakChart, soakWorkTable } from './b17Report.ts';
import { newCpuSeen, type SoakSample, sampleSoak } from './b17Sampler.ts';
import { type StatementSnapshot, snapshotStatements, statementDrift } from './b17Statements.ts';
import type { BenchServer } from './benchServer.ts';
import { makeJpegCorpus } from './corpus.ts';
import { type CrowdRun, mergeRuns, type ThinkRange } from './crowdProtocol.ts';
import { requestExport } from './exportThroughHttp.ts';
import { round } from './measure.ts';
import { addEmptyImages, Seeder, THRESHOLD } from './seedData.ts';
import { resetStatementStatistics, statementStatisticsOn } from './statementStatistics.ts';
import { uploadThroughHttp } from './uploadThroughHttp.ts';

const CONTRIBUTORS = 200;
const OWNERS = 20;
const THINK: ThinkRange = { minMs: 3000, maxMs: 5000 };
const SAMPLE_EVERY_MS = 10_000;
const UPLOADS_PER_MINUTE = 3;
/** The form's images at the start: this many seconds of first entries. */
const START_BACKLOG_SECONDS = 30;

export function soakMinutes(env: NodeJS.ProcessEnv = process.env): number {
  const minutes = Number(env.B17_MINUTES ?? 30);
  if (!Number.isInteger(minutes) || minutes < 1) throw new Error(`B17_MINUTES must be a whole number ≥ 1`);
  return minutes;
}

export interface B17Result {
  figure: string;
  minutes: number;
  contributors: number;
  owners: number;
  thinkMs: ThinkRange;
  offeredPerSecond: number;
  servedPerSecond: number;
  acknowledged: number;
  serverErrors: number;
  transportErrors: number;
  refused: Record<string, number>;
  uploads: { sent: number; failed: number };
  exports: { sent: number; failed: number; lastRows: number; slowestMs: number; msByMinute: Record<number, number> };
  ledger: Awaited<ReturnType<typeof checkLedger>>;
  watchersWithFinalFigures: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  checks: SoakChecks;
  perMinute: MinuteFigures[];
  samples: SoakSample[];
}

/**
 * The owner's CSV export of the form through HTTP, read to the end; its row count. `verified`,
 * as B4 does: it only reads, where `all` would also stamp every row it exported (an UPDATE of the
 * whole form each minute, racing the crowd for the image rows), which is not what people do.
 */
async function exportCsv(server: BenchServer, formId: number): Promise<number> {
  const response = await requestExport(server, formId, { exportType: 'verified' });
  if (response.status !== 200 || !response.body) throw new Error(`export: ${response.status}`);
  for await (const _chunk of response.body) {
    // read to the end, as a download does
  }
  return Number(response.headers.get('x-export-rows'));
}

export async function runB17(server: BenchServer, log: (message: string) => void): Promise<B17Result> {
  const minutes = soakMinutes();
  const seeder = await Seeder.open(server.databaseUrl);
  const offered = offeredPerSecond(CONTRIBUTORS, THINK);
  const images = Math.ceil(offered * START_BACKLOG_SECONDS);
  const addedEachSample = Math.round((offered * SAMPLE_EVERY_MS) / 1000 / THRESHOLD);
  const [seated, photos] = await Promise.all([
    seatCrowd(server, seeder, {
      name: 'B17 soak form',
      contributors: CONTRIBUTORS,
      owners: OWNERS,
      workers: 2,
      images,
    }),
    makeJpegCorpus(UPLOADS_PER_MINUTE, 1200, 1600),
  ]);
  const { formId, crowds } = seated;
  const processes = {
    app: server.pid,
    crowds: crowds.map((c) => c.pid),
    databaseUrl: server.databaseUrl,
    db: seeder.db,
    cpuSeen: newCpuSeen(),
  };
  const samples: SoakSample[] = [];
  const drained: CrowdRun[] = [];
  const uploads = { sent: 0, failed: 0 };
  const exports = { sent: 0, failed: 0, lastRows: 0, slowestMs: 0, msByMinute: {} as Record<number, number> };
  // With BENCH_STATEMENTS=1, PostgreSQL's statement totals at the start and at each minute's end.
  const statements: StatementSnapshot[] = [];
  try {
    // A first sample only to start the CPU counts from here, not from the processes' start.
    await sampleSoak(processes, 0);
    if (statementStatisticsOn()) {
      await resetStatementStatistics(seeder.db);
      statements.push(await snapshotStatements(seeder.db));
    }
    const begun = Date.now();
    const until = begun + minutes * 60_000;
    const { result: run, loop } = await server.measureLoop(async () => {
      const running = Promise.all(crowds.map((crowd) => crowd.run(until, THINK)));
      // Awaited after the last sample; a crowd that fails before then must not count as unhandled.
      running.catch(() => {});
      // The minute's uploads and export run beside the sampling, one round after another, so
      // the samples keep their 10 s beat however long a round takes on a loaded machine.
      let chores = Promise.resolve();
      const minuteChores = async (tick: number) => {
        for (const [i, photo] of photos.entries()) {
          uploads.sent++;
          await uploadThroughHttp(server, photo, `soak-${tick}-${i}.jpg`).catch(() => uploads.failed++);
        }
        const started = performance.now();
        exports.sent++;
        await exportCsv(server, formId).then(
          (rows) => {
            exports.lastRows = rows;
          },
          () => exports.failed++,
        );
        const took = Math.round(performance.now() - started);
        exports.slowestMs = Math.max(exports.slowestMs, took);
        exports.msByMinute[Math.floor(tick / 6)] = took;
      };
      for (let tick = 1; tick <= (minutes * 60_000) / SAMPLE_EVERY_MS; tick++) {
        const due = begun + tick * SAMPLE_EVERY_MS;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
        // Not at the end: the watchers' last figures come from the crowd's last entries.
        if (tick < (minutes * 60_000) / SAMPLE_EVERY_MS) await addEmptyImages(seeder, formId, addedEachSample);
        drained.push(...(await Promise.all(crowds.map((crowd) => crowd.drain()))));
        samples.push(await sampleSoak(processes, (Date.now() - begun) / 1000));
        // Half-way through each minute: a few uploads, then an export.
        if (tick % 6 === 3) chores = chores.then(() => minuteChores(tick));
        if (tick % 6 === 0 && statements.length > 0) statements.push(await snapshotStatements(seeder.db));
        if (tick % 6 === 0) log(`B17: minute ${tick / 6} of ${minutes}, app RSS ${samples.at(-1)?.appRssMb} MB`);
      }
      await chores;
      drained.push(...(await running));
      return mergeRuns(drained);
    });
    const [ownerCrowd] = crowds;
    const watchers = ownerCrowd ? await watchersWithFinalFigures(server, formId, ownerCrowd) : 0;
    const ledger = await checkLedger(seeder.db, formId, run.acknowledged, THRESHOLD);
    const lost = ledger.acknowledgedButMissing + ledger.duplicated + ledger.storedButNeverAcknowledged;
    const errors =
      run.serverErrors +
      run.transportErrors +
      uploads.failed +
      exports.failed +
      lost +
      ledger.imagesOverEntered +
      (OWNERS - watchers);
    const checks = checkSoak(run, samples, begun, minutes, errors);
    const figures = perMinute(
      run,
      samples,
      begun,
      minutes,
      new Map(Object.entries(exports.msByMinute).map(([m, ms]) => [Number(m), ms])),
    );
    console.log(`\nB17 soak, per minute:\n${soakChart(figures)}\n\n${soakWorkTable(figures)}\n`);
    if (statements.length > minutes) {
      // Snapshot k is taken at the end of minute k − 1: a window of minutes [a, b] runs from a to b + 1.
      const window = ([from, to]: [number, number]) => ({
        from: statements[from] ?? new Map(),
        to: statements[to + 1] ?? new Map(),
        submissions: figures.slice(from, to + 1).reduce((sum, m) => sum + m.submits, 0),
      });
      const { first, last } = checks.p99Windows;
      console.log(
        `PostgreSQL by statement, minutes ${first.join('–')} against ${last.join('–')}:\n${statementDrift(window(first), window(last))}\n`,
      );
    }
    return {
      figure: `B17: ${CONTRIBUTORS} contributors (${THINK.minMs / 1000}–${THINK.maxMs / 1000} s per image) and ${OWNERS} owners' sockets on one form for ${minutes} min; ${UPLOADS_PER_MINUTE} uploads and a CSV export each minute; ${addedEachSample} images added each ${SAMPLE_EVERY_MS / 1000} s`,
      minutes,
      contributors: CONTRIBUTORS,
      owners: OWNERS,
      thinkMs: THINK,
      offeredPerSecond: round(offered, 1),
      servedPerSecond: round(run.acknowledged.length / (minutes * 60), 1),
      acknowledged: run.acknowledged.length,
      serverErrors: run.serverErrors,
      transportErrors: run.transportErrors,
      refused: run.refused,
      uploads,
      exports,
      ledger,
      watchersWithFinalFigures: watchers,
      loopDelayP99Ms: round(loop.p99Ms, 1),
      loopDelayMaxMs: round(loop.maxMs, 1),
      checks,
      perMinute: figures,
      samples,
    };
  } finally {
    await seated.close();
    await seeder.close();
  }
}
