/**
 * B13: Lighthouse on the built client as the bench app serves it (client/dist, compressed as in
 * production), under Lighthouse's default mobile profile (simulated slow 4G, 4× CPU slowdown).
 * Four pages: the landing page signed out, then the dashboard, the owner page and the entry page
 * signed in as the bench owner, whose session cookie goes with every request (extraHeaders).
 * Each page runs several times and each figure is the median: the machine is shared and the
 * simulated timings still follow the CPU time the real run took.
 *
 * To look behind the figures: BENCH_B13_DUMP=dir writes each run's full report (LHR JSON, with
 * the trace-derived audits: bootup-time, mainthread-work-breakdown, long tasks, network requests)
 * and its trace ({page}-{run}.trace.json, which Chrome's Performance panel opens);
 * BENCH_B13_PAGES=owner,entry runs only those pages; BENCH_B13_RUNS=n overrides the runs per page.
 * BENCH_B13_BUSY=n keeps n cores busy while Lighthouse runs: the same pages on a machine with a
 * known load, to tell how much of a slow run is the machine rather than the page.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { SESSION_COOKIE } from '../src/services/sessions.ts';
import { makeJpeg } from '../src/test/fixtures/imageFixtures.ts';
import type { BenchServer } from './benchServer.ts';
import { busyCores, busyCoresFromEnv } from './busyCores.ts';
import { startHeadlessChromium } from './headlessChromium.ts';
import { median, round } from './measure.ts';
import type { TableRow } from './results.ts';
import { writeSimulatedPaints } from './simulatedPaints.ts';
import { uploadThroughHttp } from './uploadThroughHttp.ts';

export const B13_TARGETS = { lcpMs: 2500, tbtMs: 200, cls: 0.1, accessibility: 100 } as const;

export interface B13Page {
  page: string;
  path: string;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  performance: number;
  accessibility: number;
  /** What Lighthouse took as the largest contentful paint, in the median run (by LCP). */
  lcpElement: string;
  /** Accessibility audits that failed in any run. */
  accessibilityFailures: string[];
  /**
   * Lighthouse's measure of this machine's speed (median of the runs; a quiet desktop scores
   * about 1,500–2,500). The simulated timings scale the CPU time the runs took here, so a busy,
   * shared machine reads slower than a phone would be.
   */
  benchmarkIndex: number;
  runs: { lcpMs: number; tbtMs: number; cls: number; performance: number; accessibility: number }[];
  met: boolean;
}

export interface B13Result {
  figure: string;
  runsPerPage: number;
  /** Cores kept busy by spinning processes during the runs (BENCH_B13_BUSY). */
  busyCores: number;
  /** The browser's language (BENCH_B13_LOCALE), which decides the pages' language. */
  language: string;
  targets: typeof B13_TARGETS;
  pages: B13Page[];
}

/** The fields a census-style form has: what a contributor fills in beside the image. */
const FIELDS = [
  { id: 'surname', type: 'text', label: 'Surname', order: 0, required: true },
  { id: 'forenames', type: 'text', label: 'Forenames', order: 1, required: false },
  { id: 'age', type: 'number', label: 'Age', order: 2, required: false },
  { id: 'born', type: 'expandedDate', label: 'Born', order: 3, required: false },
  { id: 'parish', type: 'select', label: 'Parish', order: 4, options: ['North', 'South'], required: false },
  { id: 'notes', type: 'textarea', label: 'Notes', order: 5, required: false },
];

/**
 * The bench form gets fields and three page scans (A4 at 150 dpi, as a scanner sends them), so
 * the owner page has images to list and the entry page one to show.
 */
async function prepareForm(server: BenchServer): Promise<void> {
  const patched = await server.client.patch(`/api/forms/${server.formId}`, { fields: FIELDS });
  if (patched.status !== 200) throw new Error(`B13: setting fields failed: ${patched.status} ${patched.text}`);
  for (let page = 1; page <= 3; page++) {
    await uploadThroughHttp(server, await makeJpeg({ width: 1240, height: 1754, quality: 85 }), `scan-${page}.jpg`);
  }
}

function numeric(lhr: Result, audit: string): number {
  const value = lhr.audits[audit]?.numericValue;
  if (value === undefined) throw new Error(`B13: Lighthouse gave no ${audit} for ${lhr.finalDisplayedUrl}`);
  return value;
}

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** The element Lighthouse took as the largest contentful paint, as an HTML snippet. */
function lcpElement(lhr: Result): string {
  const details = lhr.audits['lcp-breakdown-insight']?.details;
  const text = JSON.stringify(details ?? {});
  const snippet = /"snippet":"((?:[^"\\]|\\.)*)"/.exec(text)?.[1];
  return snippet ? JSON.parse(`"${snippet}"`).slice(0, 120) : '(none)';
}

function failedAccessibilityAudits(lhr: Result): string[] {
  const refs = lhr.categories.accessibility?.auditRefs ?? [];
  return refs.filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0).map((ref) => ref.id);
}

/**
 * BENCH_B13_LOCALE=fr (or ar…): the browser runs in that language, as a French or Arabic reader's
 * would, so the pages load and render that language's catalogue (issue 29: B13 holds in fr and ar).
 */
export function b13Language(): string | undefined {
  return process.env.BENCH_B13_LOCALE || undefined;
}

export async function runB13(server: BenchServer, defaultRuns = 3, log: (message: string) => void = () => {}) {
  const runsPerPage = Number(process.env.BENCH_B13_RUNS ?? defaultRuns);
  const onlyPages = process.env.BENCH_B13_PAGES?.split(',').map((page) => page.trim());
  const dumpDir = process.env.BENCH_B13_DUMP;
  if (dumpDir) await fs.mkdir(dumpDir, { recursive: true });
  await prepareForm(server);
  const session = server.client.cookie(SESSION_COOKIE);
  if (!session) throw new Error('B13: the bench client holds no session cookie');
  const signedIn = { Cookie: `${SESSION_COOKIE}=${session}` };
  const pages = [
    { page: 'landing', path: '/', headers: {} },
    { page: 'dashboard', path: '/', headers: signedIn },
    { page: 'owner', path: `/forms/${server.formId}`, headers: signedIn },
    { page: 'entry', path: `/forms/${server.formId}/entry`, headers: signedIn },
  ];

  const chromium = await startHeadlessChromium(b13Language());
  const busy = busyCores(busyCoresFromEnv());
  const results: B13Page[] = [];
  try {
    for (const { page, path: pagePath, headers } of pages) {
      if (onlyPages && !onlyPages.includes(page)) continue;
      const flags: Flags = {
        port: chromium.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        extraHeaders: headers,
      };
      const runs: Result[] = [];
      for (let run = 0; run < runsPerPage; run++) {
        const outcome = await lighthouse(`${server.url}${pagePath}`, flags);
        if (!outcome) throw new Error(`B13: Lighthouse returned nothing for ${pagePath}`);
        if (outcome.lhr.runtimeError)
          throw new Error(`B13: ${page}: ${outcome.lhr.runtimeError.code} ${outcome.lhr.runtimeError.message}`);
        runs.push(outcome.lhr);
        if (dumpDir) {
          await fs.writeFile(path.join(dumpDir, `${page}-${run + 1}.json`), JSON.stringify(outcome.lhr));
          // The raw trace too (main-thread tasks, and the JavaScript profiler's samples), for a
          // look at which functions the long tasks spend their time in.
          const trace = (outcome.artifacts as { Trace?: unknown }).Trace;
          if (trace) await fs.writeFile(path.join(dumpDir, `${page}-${run + 1}.trace.json`), JSON.stringify(trace));
          await writeSimulatedPaints(path.join(dumpDir, `${page}-${run + 1}.lantern.json`));
        }
      }
      results.push(summarise(page, pagePath, runs));
      log(`B13 ${page}: ${JSON.stringify(results.at(-1))}`);
    }
  } finally {
    await busy.stop();
    await chromium.stop();
  }
  return {
    figure: 'Lighthouse, default mobile throttling: median of each figure',
    runsPerPage,
    busyCores: busy.count,
    language: b13Language() ?? 'the browser default (en-US)',
    targets: B13_TARGETS,
    pages: results,
  } satisfies B13Result;
}

function summarise(page: string, path: string, lhrs: Result[]): B13Page {
  const runs = lhrs.map((lhr) => ({
    lcpMs: round(numeric(lhr, 'largest-contentful-paint'), 0),
    tbtMs: round(numeric(lhr, 'total-blocking-time'), 0),
    cls: round(numeric(lhr, 'cumulative-layout-shift'), 3),
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    fcpMs: round(numeric(lhr, 'first-contentful-paint'), 0),
  }));
  const of = (key: keyof (typeof runs)[number]) => median(runs.map((run) => run[key]));
  const byLcp = runs.map((run, index) => ({ lcpMs: run.lcpMs, index })).sort((a, b) => a.lcpMs - b.lcpMs);
  const medianRun = lhrs[byLcp[Math.floor(byLcp.length / 2)]?.index ?? 0];
  const figures = {
    page,
    path,
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    fcpMs: of('fcpMs'),
    performance: of('performance'),
    accessibility: of('accessibility'),
  };
  return {
    ...figures,
    lcpElement: medianRun ? lcpElement(medianRun) : '(none)',
    benchmarkIndex: median(lhrs.map((lhr) => lhr.environment.benchmarkIndex)),
    accessibilityFailures: [...new Set(lhrs.flatMap(failedAccessibilityAudits))],
    runs: runs.map(({ fcpMs: _, ...run }) => run),
    met:
      figures.lcpMs <= B13_TARGETS.lcpMs &&
      figures.tbtMs <= B13_TARGETS.tbtMs &&
      figures.cls <= B13_TARGETS.cls &&
      figures.accessibility >= B13_TARGETS.accessibility,
  };
}

/** One table row per page: its median LCP against the budget, with the other figures beside it. */
export function b13Rows(result: B13Result): TableRow[] {
  return result.pages.map((page) => ({
    id: `B13 ${page.page}${result.busyCores ? ` (${result.busyCores} core busy)` : ''}${b13Language() ? ` [${b13Language()}]` : ''}`,
    ours: `LCP ${page.lcpMs} ms, TBT ${page.tbtMs} ms, CLS ${page.cls}, perf ${page.performance}, a11y ${page.accessibility}`,
    primitive: `LCP ${B13_TARGETS.lcpMs} ms budget`,
    ratio: round(page.lcpMs / B13_TARGETS.lcpMs),
    target: `LCP ≤ ${B13_TARGETS.lcpMs} ms, TBT ≤ ${B13_TARGETS.tbtMs} ms, CLS ≤ ${B13_TARGETS.cls}, a11y ${B13_TARGETS.accessibility}`,
    loopP99: '',
    verdict: page.met ? 'met' : 'MISSED',
  }));
}
