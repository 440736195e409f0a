/**
 * B14 (PDF part): pages/s through the PDF import source (`pdfPages`, every page read as the
 * import worker reads it) on a 500-page scanned PDF, against the same pages' images extracted
 * with pdf.js alone in the same run (the whole file in memory, each page's operator list and its
 * decoded image, nothing encoded); the event-loop delay p99 while the source runs; and the RSS
 * growth reading a 1,000-page scanned PDF (pdf.js keeps what it read, so this is the bound that
 * matters for long PDFs).
 *
 * The two throughputs alternate over BENCH_B14_RUNS runs (2 by default) and report medians, so a
 * busy machine slows both alike. Loop delay on a loaded 2-core machine is mostly waiting for a
 * core, so the main thread's own busy share (event-loop utilisation) is reported beside it.
 *
 *   npm run bench -- B14            (or: npx tsx server/bench/b14PdfIngest.ts)
 *   BENCH_B14_PAGES=100 for a quick run (the RSS file is twice that)
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { getDocument, OPS, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { SourceContext } from '../src/services/imports/importSources.ts';
import { pdfPages } from '../src/services/imports/pdfPages.ts';
import { grainyScanJpeg, PAGE_COLOURS, storedJpeg, writeScannedPdf } from '../src/test/pdfFixtures.ts';
import { median, round } from './measure.ts';
import type { TableRow } from './results.ts';

export interface B14Result {
  figure: string;
  pages: number;
  fileMB: number;
  pagesPerSecond: number;
  primitivePagesPerSecond: number;
  ratio: number;
  target: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  loopDelayTargetMs: number;
  mainThreadBusyShare: number;
  runs: number;
  rssPages: number;
  rssFileMB: number;
  rssGrowthMB: number;
  rssGrowthTargetMB: number;
}

const MEGABYTE = 1024 * 1024;
const DISTINCT_SCANS = 12;

function context(): SourceContext {
  return {
    signal: new AbortController().signal,
    maxPages: 5_000,
    maxPageBytes: 50 * MEGABYTE,
    foundPages: () => undefined,
    workDir: os.tmpdir(),
  };
}

/** Every page through the import source, each read before the next is asked for. */
async function throughSource(file: string): Promise<number> {
  let pages = 0;
  for await (const item of pdfPages(file, path.basename(file), context())) {
    if (!('found' in item)) throw new Error(`B14: page refused: ${item.refused.reason}`);
    await item.found.read();
    pages += 1;
  }
  return pages;
}

/** The page's decoded images, as pdf.js hands them to a renderer. */
async function decodedImages(page: PDFPageProxy): Promise<void> {
  const { fnArray, argsArray } = await page.getOperatorList();
  const waits = fnArray.flatMap((op, index) => {
    if (op !== OPS.paintImageXObject) return [];
    const objId = String((argsArray[index] as unknown[])[0]);
    const store = objId.startsWith('g_') ? page.commonObjs : page.objs;
    return [new Promise<void>((resolve) => store.get(objId, () => resolve()))];
  });
  await Promise.all(waits);
}

/** pdf.js alone: the whole file in memory, each page's images decoded, nothing encoded. */
async function throughPdfjsAlone(file: string): Promise<number> {
  const document = await getDocument({ data: new Uint8Array(await readFile(file)), isEvalSupported: false }).promise;
  try {
    for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber += 1) {
      const page = await document.getPage(pageNumber);
      await decodedImages(page);
      page.cleanup();
    }
    return document.numPages;
  } finally {
    await document.destroy();
  }
}

async function pagesPerSecond(run: () => Promise<number>): Promise<number> {
  const started = performance.now();
  const pages = await run();
  return pages / ((performance.now() - started) / 1000);
}

/** A full collection, so garbage the earlier runs left does not count as growth. */
function collectGarbage() {
  v8.setFlagsFromString('--expose-gc');
  const gc: unknown = vm.runInNewContext('gc');
  if (typeof gc === 'function') gc();
}

/** The resident memory's peak over `work`, sampled every 50 ms, less what it was before. */
async function rssGrowth(work: () => Promise<unknown>): Promise<number> {
  collectGarbage();
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, process.memoryUsage.rss()) - before;
}

export async function runB14(log: (message: string) => void = console.log): Promise<B14Result> {
  const pages = Number(process.env.BENCH_B14_PAGES ?? 500);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'bench-b14-'));
  try {
    log(`B14: writing ${pages}- and ${pages * 2}-page scanned PDFs (A4 at 150 dpi, grainy JPEGs)`);
    const scans = await Promise.all(
      Array.from({ length: DISTINCT_SCANS }, async (_, index) =>
        storedJpeg(await grainyScanJpeg(PAGE_COLOURS[index % PAGE_COLOURS.length] ?? [0, 0, 0], `scan ${index + 1}`)),
      ),
    );
    const scanFor = (index: number) => scans[index % scans.length] ?? { dictionary: '', data: Buffer.alloc(0) };
    const file = path.join(folder, 'scans.pdf');
    const longFile = path.join(folder, 'long-scans.pdf');
    await writeScannedPdf(file, pages, scanFor);
    const warmUpFile = path.join(folder, 'warm-up.pdf');
    await writeScannedPdf(longFile, pages * 2, scanFor);
    await writeScannedPdf(warmUpFile, 5, scanFor);

    // Warm-up: pdf.js's modules, sharp, the first JIT passes.
    await throughSource(warmUpFile);
    await throughPdfjsAlone(warmUpFile);
    const runs = Number(process.env.BENCH_B14_RUNS ?? 2);
    const oursRuns: number[] = [];
    const primitiveRuns: number[] = [];
    const loopP99s: number[] = [];
    const loopMaxima: number[] = [];
    const busyShares: number[] = [];
    const measureOurs = async () => {
      const loop = monitorEventLoopDelay({ resolution: 10 });
      const utilisation = performance.eventLoopUtilization();
      loop.enable();
      oursRuns.push(await pagesPerSecond(() => throughSource(file)));
      loop.disable();
      busyShares.push(performance.eventLoopUtilization(utilisation).utilization);
      loopP99s.push(loop.percentile(99) / 1e6);
      loopMaxima.push(loop.max / 1e6);
      log(`B14: pdfPages ${round(oursRuns.at(-1) ?? 0)} pages/s, loop p99 ${round(loopP99s.at(-1) ?? 0, 1)} ms`);
    };
    const measurePrimitive = async () => {
      primitiveRuns.push(await pagesPerSecond(() => throughPdfjsAlone(file)));
      log(`B14: pdf.js alone ${round(primitiveRuns.at(-1) ?? 0)} pages/s`);
    };
    for (let run = 0; run < runs; run += 1) {
      if (run % 2) {
        await measurePrimitive();
        await measureOurs();
      } else {
        await measureOurs();
        await measurePrimitive();
      }
    }
    const [ours, primitive] = [median(oursRuns), median(primitiveRuns)];
    log(`B14: RSS over the ${pages * 2}-page PDF`);
    const growth = await rssGrowth(() => throughSource(longFile));
    return {
      figure: 'scanned PDF pages/s through the import source vs pdf.js alone; loop delay; RSS growth',
      pages,
      fileMB: round((await stat(file)).size / MEGABYTE, 1),
      pagesPerSecond: round(ours),
      primitivePagesPerSecond: round(primitive),
      ratio: round(ours / primitive),
      target: 0.8,
      loopDelayP99Ms: round(median(loopP99s), 1),
      loopDelayMaxMs: round(Math.max(...loopMaxima), 1),
      loopDelayTargetMs: 50,
      mainThreadBusyShare: round(median(busyShares), 3),
      runs,
      rssPages: pages * 2,
      rssFileMB: round((await stat(longFile)).size / MEGABYTE, 1),
      rssGrowthMB: round(growth / MEGABYTE, 1),
      rssGrowthTargetMB: 300,
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export function b14Rows(b14: B14Result): TableRow[] {
  return [
    {
      id: 'B14',
      ours: `${b14.pagesPerSecond} pages/s (pdfPages, ${b14.pages} scans)`,
      primitive: `${b14.primitivePagesPerSecond} pages/s (pdf.js alone)`,
      ratio: b14.ratio,
      target: `≥ ${b14.target}; p99 < ${b14.loopDelayTargetMs} ms`,
      loopP99: `${b14.loopDelayP99Ms} ms (max ${b14.loopDelayMaxMs}); main thread busy ${round(b14.mainThreadBusyShare * 100, 1)}%`,
      verdict: b14.ratio >= b14.target && b14.loopDelayP99Ms < b14.loopDelayTargetMs ? 'met' : 'MISSED',
    },
    {
      id: 'B14 RSS',
      ours: `+${b14.rssGrowthMB} MB over ${b14.rssPages} pages (${b14.rssFileMB} MB file)`,
      primitive: '—',
      ratio: Number.NaN,
      target: `< ${b14.rssGrowthTargetMB} MB`,
      loopP99: '—',
      verdict: b14.rssGrowthMB < b14.rssGrowthTargetMB ? 'met' : 'MISSED',
    },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const b14 = await runB14();
  console.log(JSON.stringify(b14, null, 2));
}
