/**
 * `npm run bench -w server` (or `npm run bench -- B3 B4` for a subset): starts the app in its own
 * process (embedded PostgreSQL in a temp dir), runs the selected benchmarks against primitives
 * measured in the same run, prints a table and merges the figures into bench/results/latest.json.
 * BENCH_SCALE scales the generated data; BENCH_B4_LARGE=0 skips B4's larger form (memory growth),
 * BENCH_B4_XLSX_LARGE=1 exports it as XLSX at a million rows too (selection.ts);
 * BENCH_SKIP_BUILD=1 measures B10 and B13 on the client/dist already there.
 */
import { runAppPhases } from './appPhases.ts';
import { runB5 } from './b5ImageUpload.ts';
import { runB6 } from './b6HeicUpload.ts';
import { buildClient, runB10 } from './b10ClientBundle.ts';
import { runB11 } from './b11FieldRegions.ts';
import { b13Rows, runB13 } from './b13Lighthouse.ts';
import { b14Rows, runB14 } from './b14PdfIngest.ts';
import { b15Rows, runB15Zip } from './b15ZipIngest.ts';
import { b16Rows, runB16 } from './b16ResumableUpload.ts';
import { b17Rows } from './b17Report.ts';
import { runB17, soakMinutes } from './b17Soak.ts';
import { b18Rows, runB18 } from './b18MachineReadingBounds.ts';
import { startBenchServer } from './benchServer.ts';
import { makeHeicCorpus, makeJpegCorpus } from './corpus.ts';
import { mergeResults, printTable, RESULTS_FILE, type TableRow } from './results.ts';
import { benchScale, includeLargeExport, includeLargeXlsxExport, selectBenchmarks } from './selection.ts';
import { b10Rows } from './tableRows.ts';

const started = performance.now();
const log = (message: string) =>
  console.log(`[bench ${((performance.now() - started) / 1000).toFixed(1)}s] ${message}`);

const selected = selectBenchmarks(process.argv.slice(2));
const results: Record<string, object> = {};
const rows: TableRow[] = [];
log(`running ${[...selected].join(' ')}`);

log('starting the app process (embedded PostgreSQL, migrations) and building the corpora');
const [server, jpegs, heic] = await Promise.all([
  startBenchServer(),
  selected.has('B5') ? makeJpegCorpus(4) : undefined,
  selected.has('B6') ? makeHeicCorpus() : undefined,
]);
try {
  if (jpegs) {
    log('B5: JPEG 3000×4000 uploads vs raw sharp');
    const b5 = await runB5(server, jpegs, 5);
    log(`B5 done: ${JSON.stringify(b5)}`);
    results.B5 = b5;
    rows.push(
      {
        id: 'B5',
        ours: `${b5.uploadImagesPerSecond} img/s`,
        primitive: `${b5.primitiveImagesPerSecond} img/s (thumbnail only)`,
        ratio: b5.ratio,
        target: `≥ ${b5.target}; burst p99 < ${b5.burstLoopDelayTargetMs} ms`,
        loopP99: `${b5.loopDelayP99Ms} ms; burst of ${b5.burstSize}: ${b5.burstLoopDelayP99Ms} ms`,
        verdict: b5.ratio >= b5.target && b5.burstLoopDelayP99Ms < b5.burstLoopDelayTargetMs ? 'met' : 'MISSED',
      },
      {
        id: 'B5*',
        ours: `${b5.uploadImagesPerSecond} img/s`,
        primitive: `${b5.sameWorkPrimitiveImagesPerSecond} img/s (same work)`,
        ratio: b5.ratioVsSameWork,
        target: '(info)',
        loopP99: `${b5.loopDelayP99Ms} ms`,
        verdict: 'stack overhead',
      },
    );
  }
  if (heic) {
    log(`B6: ${heic.description} uploads vs heic-convert alone`);
    const b6 = await runB6(server, heic, 3, 3);
    log(`B6 done: ${JSON.stringify(b6)}`);
    results.B6 = b6;
    rows.push({
      id: 'B6',
      ours: `${b6.uploadImagesPerSecond} img/s`,
      primitive: `${b6.primitiveImagesPerSecond} img/s (heic-convert)`,
      ratio: b6.ratio,
      target: `≥ ${b6.target}; p99 < ${b6.loopDelayTargetMs} ms`,
      loopP99: `${b6.loopDelayP99Ms} ms`,
      verdict: b6.ratio >= b6.target && b6.loopDelayP99Ms < b6.loopDelayTargetMs ? 'met' : 'MISSED',
    });
  }
  if (selected.has('B14')) {
    // In this process, not the app's: the PDF source alone (the lead may switch it to a full import).
    log('B14: a 500-page scanned PDF through the PDF import source vs pdf.js alone; RSS over 1,000 pages');
    const b14 = await runB14(log);
    log(`B14 done: ${JSON.stringify(b14)}`);
    results.B14 = b14;
    rows.push(...b14Rows(b14));
  }
  if (selected.has('B15')) {
    // In this process, like B14: the ZIP source with B5's per-image work, against B5's raw loop.
    log('B15: a ZIP of 2,000 JPEGs through the ZIP import source vs B5’s raw sharp loop');
    const b15 = await runB15Zip(2000, 3, log);
    log(`B15 done: ${JSON.stringify(b15)}`);
    results.B15 = b15;
    rows.push(...b15Rows(b15));
  }
  const app = await runAppPhases(server, {
    selected,
    scale: benchScale(),
    largeExport: includeLargeExport(),
    largeXlsxExport: includeLargeXlsxExport(),
    log,
  });
  for (const [id, figures] of Object.entries(app.results)) log(`${id} done: ${JSON.stringify(figures)}`);
  Object.assign(results, app.results);
  rows.push(...app.rows);
  if (selected.has('B16')) {
    log('B16: a 1 GB resumable upload through a proxy that cuts the connection 3 times');
    const b16 = await runB16(server, log);
    log(`B16 done: ${JSON.stringify(b16)}`);
    results.B16 = b16;
    rows.push(...b16Rows(b16));
  }
  if (selected.has('B17')) {
    log(`B17: soak, ${soakMinutes()} min at about 50 submissions/s with uploads and an export each minute`);
    const b17 = await runB17(server, log);
    results.B17 = b17;
    rows.push(...b17Rows(b17));
  }
  if (selected.has('B18')) {
    log("B18: machine reading of a 100-megapixel page of the largest boxes, and a second owner's page after it");
    const b18 = await runB18(server, log);
    log(`B18 done: ${JSON.stringify(b18)}`);
    results.B18 = b18;
    rows.push(...b18Rows(b18));
  }
  if (selected.has('B13')) {
    // Last, so the pages show the data the other phases left; built here, as B10 measures it.
    if (process.env.BENCH_SKIP_BUILD !== '1') {
      log('B13: npm run build -w client');
      buildClient();
    }
    log('B13: Lighthouse (mobile) on the landing, dashboard, owner and entry pages, 3 runs each');
    const b13 = await runB13(server, 3, log);
    results.B13 = b13;
    rows.push(...b13Rows(b13));
  }
  if (selected.has('B11')) {
    // The entry page as built: built here unless B13 just did or BENCH_SKIP_BUILD says not to.
    if (process.env.BENCH_SKIP_BUILD !== '1' && !selected.has('B13')) {
      log('B11: npm run build -w client');
      buildClient();
    }
    log('B11: 20 printed scans entered by keyboard in Chromium, without and with field regions');
    const b11 = await runB11(server, log);
    results.B11 = b11;
    const { withRegions: on, withoutRegions: off } = b11;
    rows.push({
      id: 'B11',
      ours: `${on.keystrokesPerImage} keys, ${on.focusChangesPerImage} focus changes / image (regions)`,
      primitive: `${off.keystrokesPerImage} keys, ${off.focusChangesPerImage} focus changes / image (whole page)`,
      ratio: Math.round((on.keystrokesPerImage / off.keystrokesPerImage) * 1000) / 1000,
      target: 'fewer keys with regions',
      loopP99: `shift error ${b11.shiftErrorPx} px, OCR ${Math.round(b11.ocrAgreement * 1000) / 10}% exact`,
      verdict: on.keystrokesPerImage < off.keystrokesPerImage ? 'met' : 'MISSED',
    });
  }
} finally {
  await server.stop();
}
if (selected.has('B10')) {
  const build = process.env.BENCH_SKIP_BUILD !== '1' && !selected.has('B13');
  log(`B10: ${build ? 'npm run build -w client, then ' : ''}client/dist sizes`);
  const b10 = await runB10(build);
  results.B10 = b10;
  rows.push(...b10Rows(b10));
}

await mergeResults(results);
console.log('');
printTable(rows);
console.log(`\nresults merged into ${RESULTS_FILE}`);
log('done');
