/**
 * B4 XLSX: the Excel export's throughput, the app's POST /api/forms/{id}/export with `format: xlsx`
 * (rows read in batches from PostgreSQL, typed, committed to exceljs's streaming workbook writer
 * and sent over HTTP) against exceljs alone: the same streaming writer writing the same rows,
 * made in this process without a database, into a sink that only counts bytes. The ratio is what
 * reading, typing and HTTP add to exceljs's own cost, which dominates. `verified` is exported
 * because it stamps nothing, so every run reads the same rows. The app's RSS growth is the peak
 * while exporting B4's larger form (b4LargeForm.ts) over the peak of these runs.
 */
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type pg from 'pg';
import type { BenchServer } from './benchServer.ts';
import { requestExport } from './exportThroughHttp.ts';
import { median, round } from './measure.ts';
import { BENCH_FIELDS, benchValue } from './seedData.ts';

interface Export {
  rows: number;
  seconds: number;
  bytes: number;
}

async function appXlsx(server: BenchServer, formId: number): Promise<Export> {
  const started = performance.now();
  const response = await requestExport(server, formId, { exportType: 'verified', format: 'xlsx' });
  if (response.status !== 200 || !response.body) throw new Error(`xlsx export failed: ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.byteLength;
  return { rows: Number(response.headers.get('x-export-rows')), seconds: (performance.now() - started) / 1000, bytes };
}

/** The rows the export holds: each complete image's id and name (its values are `benchValue`'s). */
async function exportedImages(db: pg.Pool, formId: number): Promise<{ id: number; name: string }[]> {
  const { rows } = await db.query<{ id: number; name: string }>(
    'SELECT id, original_name AS name FROM form_images WHERE form_id = $1 AND is_complete ORDER BY id',
    [formId],
  );
  return rows;
}

/** exceljs alone: the same header and typed rows through the same streaming writer. */
async function exceljsAlone(images: readonly { id: number; name: string }[]): Promise<Export> {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  const started = performance.now();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true });
  const sheet = workbook.addWorksheet('Data');
  sheet.addRow(['image_id', 'filename', ...BENCH_FIELDS.map((field) => field.id)]).commit();
  for (const image of images) {
    const values = BENCH_FIELDS.map((field, i) => {
      const text = benchValue(image.id, i + 1);
      return field.type === 'number' ? Number(text) : text;
    });
    sheet.addRow([image.id, image.name, ...values]).commit();
  }
  sheet.commit();
  await workbook.commit();
  return { rows: images.length, seconds: (performance.now() - started) / 1000, bytes };
}

/** The app's peak RSS exporting a larger form, over the peak of the runs on B4's form. */
export interface XlsxGrowth {
  rows: number;
  rowsPerSecond: number;
  rssPeakMb: number;
  rssGrowthMb: number;
}

export interface B4XlsxResult {
  figure: string;
  rows: number;
  runs: number;
  appRowsPerSecond: number;
  exceljsRowsPerSecond: number;
  ratio: number;
  target: number;
  appMegabytes: number;
  exceljsMegabytes: number;
  rssPeakMb: number;
  loopDelayP99Ms: number;
  /** One entry per larger export (none when BENCH_B4_LARGE=0). */
  rssGrowth: XlsxGrowth[];
  rssGrowthTargetMb: number;
}

export async function xlsxGrowth(server: BenchServer, formId: number, small: B4XlsxResult): Promise<XlsxGrowth> {
  const { result, loop } = await server.measureLoop(() => appXlsx(server, formId));
  return {
    rows: result.rows,
    rowsPerSecond: Math.round(result.rows / result.seconds),
    rssPeakMb: round(loop.rssPeakMb, 1),
    rssGrowthMb: round(loop.rssPeakMb - small.rssPeakMb, 1),
  };
}

export async function runB4Xlsx(server: BenchServer, db: pg.Pool, formId: number, runs = 3): Promise<B4XlsxResult> {
  const images = await exportedImages(db, formId);
  const warm = await appXlsx(server, formId);
  if (warm.rows !== images.length) throw new Error(`export has ${warm.rows} rows, expected ${images.length}`);
  await exceljsAlone(images);
  const app: Export[] = [];
  const alone: Export[] = [];
  const loops: { p99Ms: number; rssPeakMb: number }[] = [];
  for (let run = 0; run < runs; run++) {
    const { result, loop } = await server.measureLoop(() => appXlsx(server, formId));
    app.push(result);
    loops.push(loop);
    alone.push(await exceljsAlone(images));
  }
  const appRate = median(app.map((e) => e.rows / e.seconds));
  const aloneRate = median(alone.map((e) => e.rows / e.seconds));
  return {
    figure: 'XLSX export rows/s (exportType verified) against exceljs alone writing the same rows',
    rows: images.length,
    runs,
    appRowsPerSecond: Math.round(appRate),
    exceljsRowsPerSecond: Math.round(aloneRate),
    ratio: round(appRate / aloneRate),
    target: 0.7,
    appMegabytes: round((app[0]?.bytes ?? 0) / 2 ** 20, 1),
    exceljsMegabytes: round((alone[0]?.bytes ?? 0) / 2 ** 20, 1),
    rssPeakMb: round(Math.max(...loops.map((l) => l.rssPeakMb)), 1),
    loopDelayP99Ms: round(median(loops.map((l) => l.p99Ms)), 1),
    rssGrowth: [],
    rssGrowthTargetMb: 50,
  };
}
