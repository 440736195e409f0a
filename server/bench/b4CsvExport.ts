/**
 * B4: CSV export throughput, the app's POST /api/forms/{id}/export (a pg cursor through the row
 * mapper and CSV encoder, streamed over HTTP) against `COPY (SELECT …) TO STDOUT CSV` computing the
 * same columns in SQL, both read to the end by this process. `verified` is exported because it
 * stamps nothing, so every run reads the same rows. RSS of the app process is sampled during each
 * export; a second, larger form (≈1M rows) shows whether memory stays flat as rows grow.
 */
import type { Readable } from 'node:stream';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { BenchServer } from './benchServer.ts';
import { requestExport } from './exportThroughHttp.ts';
import { median, round } from './measure.ts';
import { BENCH_FIELDS } from './seedData.ts';

/** The export's columns computed by PostgreSQL itself (completion, ISO date, Yes/No, field values). */
function copySql(formId: number): string {
  const fields = BENCH_FIELDS.map(
    (f) =>
      `CASE WHEN (field_status->'${f.id}'->>'isVerified')::boolean THEN coalesce(field_status->'${f.id}'->>'verifiedValue', '') ELSE '' END`,
  );
  return `COPY (SELECT id, original_name,
      (CASE WHEN is_complete THEN 100 WHEN total_field_count <= 0 THEN 0
            ELSE least(100, round(verified_field_count * 100.0 / total_field_count)) END) || '%',
      to_char(last_submission_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      CASE WHEN manually_completed THEN 'Yes' ELSE 'No' END,
      ${fields.join(',\n      ')}
    FROM form_images WHERE form_id = ${Number(formId)} AND is_complete ORDER BY id) TO STDOUT WITH (FORMAT csv, HEADER)`;
}

async function drain(stream: AsyncIterable<Uint8Array>): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream) bytes += chunk.byteLength;
  return bytes;
}

interface Export {
  rows: number;
  seconds: number;
  bytes: number;
}

async function appExport(server: BenchServer, formId: number): Promise<Export> {
  const started = performance.now();
  const response = await requestExport(server, formId, { exportType: 'verified' });
  if (response.status !== 200 || !response.body) throw new Error(`export failed: ${response.status}`);
  const bytes = await drain(response.body);
  return {
    rows: Number(response.headers.get('x-export-rows')),
    seconds: (performance.now() - started) / 1000,
    bytes,
  };
}

async function copyExport(db: pg.Pool, formId: number, rows: number): Promise<Export> {
  const client = await db.connect();
  try {
    const started = performance.now();
    const stream: Readable = client.query(copyTo(copySql(formId)));
    const bytes = await drain(stream);
    return { rows, seconds: (performance.now() - started) / 1000, bytes };
  } finally {
    client.release();
  }
}

export interface B4Result {
  figure: string;
  rows: number;
  runs: number;
  appRowsPerSecond: number;
  copyRowsPerSecond: number;
  ratio: number;
  target: number;
  appMegabytes: number;
  copyMegabytes: number;
  rssPeakMbSmall: number;
  /** Null when the large export was skipped (see `large`). */
  rssPeakMbLarge: number | null;
  largeRows: number | null;
  largeAppRowsPerSecond: number | null;
  rssGrowthMb: number | null;
  rssGrowthTargetMb: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

export async function runB4(
  server: BenchServer,
  db: pg.Pool,
  formId: number,
  large: { formId: number } | undefined,
  runs = 3,
): Promise<B4Result> {
  const warm = await appExport(server, formId);
  await copyExport(db, formId, warm.rows);
  const app: Export[] = [];
  const copy: Export[] = [];
  const loops: { p99Ms: number; maxMs: number; rssPeakMb: number }[] = [];
  for (let run = 0; run < runs; run++) {
    const { result, loop } = await server.measureLoop(() => appExport(server, formId));
    app.push(result);
    loops.push(loop);
    copy.push(await copyExport(db, formId, warm.rows));
  }
  const appRate = median(app.map((e) => e.rows / e.seconds));
  const copyRate = median(copy.map((e) => e.rows / e.seconds));
  const rssPeakMbSmall = Math.max(...loops.map((l) => l.rssPeakMb));
  const largeRun = large ? await server.measureLoop(() => appExport(server, large.formId)) : undefined;
  return {
    figure: 'CSV export rows/s (exportType verified), constant memory',
    rows: warm.rows,
    runs,
    appRowsPerSecond: Math.round(appRate),
    copyRowsPerSecond: Math.round(copyRate),
    ratio: round(appRate / copyRate),
    target: 0.5,
    appMegabytes: round((app[0]?.bytes ?? 0) / 2 ** 20, 1),
    copyMegabytes: round((copy[0]?.bytes ?? 0) / 2 ** 20, 1),
    rssPeakMbSmall: round(rssPeakMbSmall, 1),
    rssPeakMbLarge: largeRun ? round(largeRun.loop.rssPeakMb, 1) : null,
    largeRows: largeRun ? largeRun.result.rows : null,
    largeAppRowsPerSecond: largeRun ? Math.round(largeRun.result.rows / largeRun.result.seconds) : null,
    rssGrowthMb: largeRun ? round(largeRun.loop.rssPeakMb - rssPeakMbSmall, 1) : null,
    rssGrowthTargetMb: 50,
    loopDelayP99Ms: round(median(loops.map((l) => l.p99Ms)), 1),
    loopDelayMaxMs: round(Math.max(...loops.map((l) => l.maxMs)), 1),
  };
}
