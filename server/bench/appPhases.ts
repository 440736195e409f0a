/**
 * The benchmarks of the app's API, data and live paths (B1–B4, B7–B9) against the running bench
 * server. Data is generated in its database first (see seedData.ts); each phase adds its figures
 * and table rows. Ordered so the large seeding happens once and the write-heavy B2 comes last.
 */
import pg from 'pg';
import { runB1 } from './b1ApiStack.ts';
import { runB2 } from './b2Submissions.ts';
import { runB3 } from './b3StatsAndPage.ts';
import { runB4 } from './b4CsvExport.ts';
import { LargeExportForm } from './b4LargeForm.ts';
import { runB4Xlsx, xlsxGrowth } from './b4XlsxExport.ts';
import { runLiveUpdates } from './b7b8LiveUpdates.ts';
import { runB9 } from './b9Crowd.ts';
import { b9Options } from './b9Options.ts';
import { b9Rows } from './b9Rows.ts';
import { b12Rows, runB12 } from './b12Insights.ts';
import type { BenchServer } from './benchServer.ts';
import { round } from './measure.ts';
import type { TableRow } from './results.ts';
import { createBenchForm, createContributors, Seeder, seedVerifiedImages } from './seedData.ts';
import type { BenchmarkId } from './selection.ts';
import { b1Rows, b2Rows, b3Rows, b4Rows, b4XlsxRows, liveRows } from './tableRows.ts';

export interface PhaseOutput {
  results: Record<string, object>;
  rows: TableRow[];
}

export interface AppPhaseOptions {
  selected: ReadonlySet<BenchmarkId>;
  scale: number;
  largeExport: boolean;
  largeXlsxExport: boolean;
  log(message: string): void;
}

/** B4's memory growth: CSV from B4's form to a million rows, XLSX to 300k (a million on request). */
const LARGE_EXPORT_ROWS = 1_000_000;
const LARGE_XLSX_ROWS = 300_000;

async function runB4Phases(
  server: BenchServer,
  seeder: Seeder,
  db: pg.Pool,
  formId: number,
  options: AppPhaseOptions,
  output: PhaseOutput,
): Promise<void> {
  const { scale, log } = options;
  let large: LargeExportForm | undefined;
  try {
    if (options.largeExport) {
      log(`B4: seeding a larger form of ${Math.round(LARGE_XLSX_ROWS * scale)} rows for XLSX's memory growth`);
      large = await LargeExportForm.create(seeder, formId, server.ownerId);
      await large.growTo(LARGE_XLSX_ROWS * scale);
    }
    log('B4 XLSX: XLSX export vs exceljs alone writing the same rows');
    const b4Xlsx = await runB4Xlsx(server, db, formId);
    if (large) b4Xlsx.rssGrowth.push(await xlsxGrowth(server, large.formId, b4Xlsx));
    if (large) {
      log(`B4: growing it to ${Math.round(LARGE_EXPORT_ROWS * scale)} rows for CSV's memory growth`);
      await large.growTo(LARGE_EXPORT_ROWS * scale);
    }
    log('B4: CSV export vs COPY … TO STDOUT CSV');
    const b4 = await runB4(server, db, formId, large);
    if (large && options.largeXlsxExport) {
      log(`B4 XLSX: the ${large.rows}-row form as XLSX`);
      b4Xlsx.rssGrowth.push(await xlsxGrowth(server, large.formId, b4Xlsx));
    }
    output.results.B4 = { ...b4, scale };
    output.rows.push(...b4Rows(b4));
    output.results['B4 XLSX'] = { ...b4Xlsx, scale };
    output.rows.push(...b4XlsxRows(b4Xlsx));
  } finally {
    if (large) log('B4: deleting the larger form, building the search index again');
    await large?.close();
  }
}

export async function runAppPhases(server: BenchServer, options: AppPhaseOptions): Promise<PhaseOutput> {
  const { selected, scale, log } = options;
  const output: PhaseOutput = { results: {}, rows: [] };
  const has = (id: BenchmarkId) => selected.has(id);
  if (![...selected].some((id) => ['B1', 'B2', 'B3', 'B4', 'B7', 'B8', 'B9', 'B12'].includes(id))) return output;
  const seeder = await Seeder.open(server.databaseUrl);
  // The primitives' own connections, as many as the app's pool.
  const db = new pg.Pool({ connectionString: server.databaseUrl, max: 10 });
  try {
    if (has('B1')) {
      log(
        'B1a/B1b: GET /api/health vs bare Koa + @koa/router (and a node:http hello), authenticated GET form vs node:http + the same SQL',
      );
      const { b1a, b1aOverHello, b1b, ...shared } = await runB1(server, seeder);
      output.results.B1a = { ...b1a, overHello: b1aOverHello, ...shared };
      output.results.B1b = { ...b1b, ...shared };
      output.rows.push(...b1Rows({ b1a, b1aOverHello, b1b, ...shared }));
    }
    if (has('B3') || has('B4') || has('B12')) {
      const images = Math.round(100_000 * scale);
      log(`seeding ${images} images × 20 fields × 3 entries`);
      const formId = await createBenchForm(seeder.db, server.ownerId, 'B3/B4 large form');
      const people = await createContributors(seeder.db, formId, 3);
      await seedVerifiedImages(seeder, formId, images, people, true);
      if (has('B3')) {
        log('B3: verification-stats and consolidated-data vs one SQL statement');
        const b3 = await runB3(server, db, { id: formId, images });
        output.results.B3 = { ...b3, scale };
        output.rows.push(...b3Rows(b3));
      }
      if (has('B12')) {
        log('B12: Insights figures (agreement, field difficulty, throughput, heatmap, disagreements)');
        const b12 = await runB12(server, db, { id: formId, images });
        output.results.B12 = { ...b12, scale };
        output.rows.push(...b12Rows(b12));
      }
      if (has('B4')) await runB4Phases(server, seeder, db, formId, options, output);
    }
    if (has('B7') || has('B8')) {
      const watchers = Math.min(1000, Math.round(1000 * scale));
      log(`${has('B7') ? 'B7' : ''}${has('B8') ? ' B8' : ''}: ${watchers} watchers, commit → form:stats`);
      const live = await runLiveUpdates(server, seeder, { withRaw: has('B7'), withPair: has('B8'), watchers });
      const loops = {
        loopDelayP99Ms: round(live.loopSingle.p99Ms, 1),
        loopDelayMaxMs: round(live.loopSingle.maxMs, 1),
        pairLoopDelayP99Ms: live.loopPair ? round(live.loopPair.p99Ms, 1) : undefined,
      };
      const figures = { watchers: live.watchers, runs: live.runs, roundsPerRun: live.roundsPerRun, scale };
      if (has('B7')) {
        output.results.B7 = {
          figure: 'submission committed → 1,000 owner sockets get form:stats, p99 (one node)',
          ...figures,
          app: live.app,
          rawEmit: live.raw,
          targetMs: 'raw p99 + 20',
          ...loops,
        };
      }
      if (has('B8')) {
        output.results.B8 = {
          figure: 'the same across two app processes with the Redis adapter',
          ...figures,
          twoNodes: live.pair,
          oneNode: live.app,
          ratio: live.pair ? round(live.pair.p99Ms / live.app.p99Ms) : null,
          target: 1.5,
          ...loops,
        };
      }
      output.rows.push(...liveRows(live, { b7: has('B7'), b8: has('B8') }));
    }
    if (has('B9')) {
      const b9Settings = b9Options();
      for (const phase of b9Settings.phases) {
        const how = phase === 'a' ? 'closed loop' : `${b9Settings.think.minMs}-${b9Settings.think.maxMs} ms per image`;
        log(
          `B9${phase}: ${b9Settings.contributors} contributors (${how}) × ${b9Settings.seconds} s, ${b9Settings.owners} owners watching`,
        );
        const b9 = await runB9(server, seeder, b9Settings, phase);
        output.results[`B9${phase}`] = b9;
        output.rows.push(...b9Rows(b9));
      }
    }
    if (has('B2')) {
      log("B2: POST submissions vs the same writes as raw SQL, and (B2b) the app's own SQL replayed");
      const { b2b, ...b2 } = await runB2(server, seeder, db);
      output.results.B2 = b2;
      output.results.B2b = b2b;
      output.rows.push(...b2Rows({ ...b2, b2b }));
    }
  } finally {
    await db.end();
    await seeder.close();
  }
  return output;
}
