/**
 * B3: the owner's figures on a large form, through the app (HTTP, session, policy, service,
 * presenter, JSON) against the same aggregate as one SQL statement sent through `pg` from this
 * process. Two reads: GET verification-stats and GET consolidated-data (first page, default sort).
 * Each sample alternates app and SQL; a run's figure is its median, the result the median of runs.
 */
import type pg from 'pg';
import { CONSOLIDATED_ORDER, IMAGE_STATE_COLUMNS } from '../src/services/exports/imageSelection.ts';
import type { BenchServer } from './benchServer.ts';
import { median, round, timed } from './measure.ts';

const PAGE_LIMIT = 50;

/** verificationStats' aggregate, as the service writes it. */
const STATS_SQL = `SELECT count(*)::int AS total_images, count(*) FILTER (WHERE is_complete)::int AS completed_images,
  coalesce(sum(verified_field_count), 0)::int AS verified_fields,
  coalesce(sum(verified_field_count) FILTER (WHERE is_complete), 0)::int AS verified_fields_of_complete
  FROM form_images WHERE form_id = $1`;

/** consolidatedPage's count and page (the service sends them as two statements, in parallel). */
const PAGE_SQL = `SELECT (SELECT count(*)::int FROM form_images WHERE form_id = $1) AS total, page.*
  FROM (SELECT ${IMAGE_STATE_COLUMNS} FROM form_images WHERE form_id = $1
        ORDER BY ${CONSOLIDATED_ORDER.filename} LIMIT ${PAGE_LIMIT} OFFSET 0) page`;

export interface ReadLatency {
  appMs: number;
  sqlMs: number;
  ratio: number;
}

export interface B3Result {
  figure: string;
  images: number;
  runs: number;
  samplesPerRun: number;
  stats: ReadLatency;
  page: ReadLatency;
  ratioTarget: number;
  absoluteTargetMs: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

async function expectOk(response: Promise<{ status: number; text: string }>, what: string): Promise<void> {
  const { status, text } = await response;
  if (status !== 200) throw new Error(`${what}: ${status} ${text.slice(0, 200)}`);
}

async function compare(
  app: () => Promise<void>,
  sql: () => Promise<unknown>,
  runs: number,
  samples: number,
): Promise<ReadLatency> {
  await app();
  await sql();
  const appRuns: number[] = [];
  const sqlRuns: number[] = [];
  for (let run = 0; run < runs; run++) {
    const appMs: number[] = [];
    const sqlMs: number[] = [];
    for (let sample = 0; sample < samples; sample++) {
      appMs.push(await timed(app));
      sqlMs.push(await timed(sql));
    }
    appRuns.push(median(appMs));
    sqlRuns.push(median(sqlMs));
  }
  const appMs = median(appRuns);
  const sqlMs = median(sqlRuns);
  return { appMs: round(appMs, 1), sqlMs: round(sqlMs, 1), ratio: round(appMs / sqlMs) };
}

export async function runB3(
  server: BenchServer,
  db: pg.Pool,
  form: { id: number; images: number },
  runs = 3,
  samples = 7,
): Promise<B3Result> {
  const { result, loop } = await server.measureLoop(async () => {
    const stats = await compare(
      () => expectOk(server.client.get(`/api/forms/${form.id}/verification-stats`), 'verification-stats'),
      () => db.query(STATS_SQL, [form.id]),
      runs,
      samples,
    );
    const page = await compare(
      () =>
        expectOk(
          server.client.get(`/api/forms/${form.id}/consolidated-data?page=1&limit=${PAGE_LIMIT}`),
          'consolidated-data',
        ),
      () => db.query(PAGE_SQL, [form.id]),
      runs,
      samples,
    );
    return { stats, page };
  });
  return {
    figure: `verification-stats + consolidated-data latency, ${form.images} images × 20 fields × 3 entries`,
    images: form.images,
    runs,
    samplesPerRun: samples,
    ...result,
    ratioTarget: 1.5,
    absoluteTargetMs: 150,
    loopDelayP99Ms: round(loop.p99Ms, 1),
    loopDelayMaxMs: round(loop.maxMs, 1),
  };
}
