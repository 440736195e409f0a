/** Table rows for the figures of B1–B4, B7, B8, B10: ours, the primitive, the ratio, the verdict (B9's: b9Rows.ts). */
import type { B1Figure, B1Result } from './b1ApiStack.ts';
import type { B2Result } from './b2Submissions.ts';
import type { B3Result, ReadLatency } from './b3StatsAndPage.ts';
import type { B4Result } from './b4CsvExport.ts';
import type { B4XlsxResult } from './b4XlsxExport.ts';
import type { LiveResults } from './b7b8LiveUpdates.ts';
import type { B10Result } from './b10ClientBundle.ts';
import { round } from './measure.ts';
import { totalCpuMs } from './processCpu.ts';
import type { TableRow } from './results.ts';

const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
const ms = (value: number) => `${value} ms`;

export function b1Rows(r: B1Result): TableRow[] {
  const row = (id: string, f: B1Figure, primitive: string): TableRow => ({
    id,
    ours: `${f.appRequestsPerSecond} req/s (p99 ${f.appP99Ms} ms)`,
    primitive: `${f.primitiveRequestsPerSecond} req/s ${primitive}`,
    ratio: f.ratio,
    target: `≥ ${f.target}`,
    loopP99: ms(r.loopDelayP99Ms),
    verdict: verdict(f.ratio >= f.target && f.failures === 0),
  });
  return [
    row('B1a', r.b1a, 'bare Koa + router'),
    { ...row('B1a*', r.b1aOverHello, 'node:http hello'), target: '(info)', verdict: 'Koa and stack over node:http' },
    row('B1b', r.b1b, 'node:http + same SQL'),
  ];
}

export function b2Rows(r: B2Result): TableRow[] {
  return [
    {
      id: 'B2',
      ours: `${r.appRequestsPerSecond} req/s (p99 ${r.appP99Ms} ms)`,
      primitive: `${r.sqlTransactionsPerSecond} tx/s raw SQL (p99 ${r.sqlP99Ms} ms)`,
      ratio: r.ratio,
      target: `≥ ${r.target}; p99 ≤ ${r.p99RatioTarget}× (${r.p99Ratio}×)`,
      loopP99: ms(r.loopDelayP99Ms),
      verdict: verdict(r.ratio >= r.target && r.p99Ratio <= r.p99RatioTarget && r.failures === 0),
    },
    ...b2CpuRows(r),
    {
      id: 'B2b',
      ours: `${r.appRequestsPerSecond} req/s (p99 ${r.appP99Ms} ms)`,
      primitive: `${r.b2b.replayRequestsPerSecond} req/s node:http + the app's ${r.b2b.statements.length} statements (p99 ${r.b2b.replayP99Ms} ms)`,
      ratio: r.b2b.ratio,
      target: `≥ ${r.b2b.target}`,
      loopP99: ms(r.loopDelayP99Ms),
      verdict: verdict(
        r.b2b.ratio >= r.b2b.target && r.b2b.failures === 0 && r.b2b.reusedImages === 0 && r.b2b.wrongImages === 0,
      ),
    },
    ...b2bCpuRows(r),
  ];
}

/** The same split for B2b's primitive (its process counted as the app's). */
function b2bCpuRows(r: B2Result): TableRow[] {
  const ours = r.cpuPerSubmission;
  const replay = r.b2b.cpuPerReplay;
  if (!ours || !replay) return [];
  return [
    {
      id: 'B2b cpu',
      ours: `${totalCpuMs(ours)} ms: app ${ours.appMs}, PostgreSQL ${ours.postgresMs}, load ${ours.driverMs}`,
      primitive: `${totalCpuMs(replay)} ms: replay ${replay.appMs}, PostgreSQL ${replay.postgresMs}, load ${replay.driverMs}`,
      ratio: round(totalCpuMs(replay) / totalCpuMs(ours)),
      target: '(info) CPU per request',
      loopP99: '',
      verdict: 'where the cores go',
    },
  ];
}

/** Where each side's request spends the cores: CPU ms per request by process. */
function b2CpuRows(r: B2Result): TableRow[] {
  const ours = r.cpuPerSubmission;
  const raw = r.cpuPerRawTransaction;
  if (!ours || !raw) return [];
  return [
    {
      id: 'B2 cpu',
      ours: `${totalCpuMs(ours)} ms: app ${ours.appMs}, PostgreSQL ${ours.postgresMs}, load ${ours.driverMs}`,
      primitive: `${totalCpuMs(raw)} ms: PostgreSQL ${raw.postgresMs}, client ${raw.driverMs}`,
      ratio: round(totalCpuMs(raw) / totalCpuMs(ours)),
      target: '(info) CPU per request',
      loopP99: '',
      verdict: 'where the cores go',
    },
  ];
}

export function b3Rows(r: B3Result): TableRow[] {
  const row = (id: string, what: string, l: ReadLatency): TableRow => ({
    id,
    ours: `${l.appMs} ms ${what}`,
    primitive: `${l.sqlMs} ms one SQL statement`,
    ratio: l.ratio,
    target: `≤ ${r.ratioTarget}; < ${r.absoluteTargetMs} ms`,
    loopP99: ms(r.loopDelayP99Ms),
    verdict: verdict(l.ratio <= r.ratioTarget && l.appMs < r.absoluteTargetMs),
  });
  return [row('B3 stats', 'verification-stats', r.stats), row('B3 page', 'consolidated-data p1', r.page)];
}

export function b4Rows(r: B4Result): TableRow[] {
  const rows: TableRow[] = [
    {
      id: 'B4',
      ours: `${r.appRowsPerSecond} rows/s (${r.rows} rows)`,
      primitive: `${r.copyRowsPerSecond} rows/s COPY … CSV`,
      ratio: r.ratio,
      target: `≥ ${r.target}`,
      loopP99: ms(r.loopDelayP99Ms),
      verdict: verdict(r.ratio >= r.target),
    },
  ];
  rows.push({
    id: 'B4 RSS',
    ours:
      r.rssGrowthMb === null
        ? `peak ${r.rssPeakMbSmall} MB at ${r.rows} rows`
        : `+${r.rssGrowthMb} MB (${r.rows} → ${r.largeRows} rows)`,
    primitive:
      r.rssGrowthMb === null ? 'skipped (BENCH_B4_LARGE=0)' : `peak ${r.rssPeakMbSmall} → ${r.rssPeakMbLarge} MB`,
    ratio: Number.NaN,
    target: `< ${r.rssGrowthTargetMb} MB`,
    loopP99: '',
    verdict: r.rssGrowthMb === null ? 'not measured' : verdict(r.rssGrowthMb < r.rssGrowthTargetMb),
  });
  return rows;
}

export function b4XlsxRows(r: B4XlsxResult): TableRow[] {
  return [
    {
      id: 'B4 XLSX',
      ours: `${r.appRowsPerSecond} rows/s (${r.rows} rows, peak RSS ${r.rssPeakMb} MB)`,
      primitive: `${r.exceljsRowsPerSecond} rows/s exceljs alone`,
      ratio: r.ratio,
      target: `≥ ${r.target}`,
      loopP99: ms(r.loopDelayP99Ms),
      verdict: verdict(r.ratio >= r.target),
    },
    ...r.rssGrowth.map((growth) => ({
      id: 'B4 XLSX RSS',
      ours: `+${growth.rssGrowthMb} MB (${r.rows} → ${growth.rows} rows, ${growth.rowsPerSecond} rows/s)`,
      primitive: `peak ${r.rssPeakMb} → ${growth.rssPeakMb} MB`,
      ratio: Number.NaN,
      target: `< ${r.rssGrowthTargetMb} MB`,
      loopP99: '',
      verdict: verdict(growth.rssGrowthMb < r.rssGrowthTargetMb),
    })),
  ];
}

export function liveRows(r: LiveResults, ids: { b7: boolean; b8: boolean }): TableRow[] {
  const rows: TableRow[] = [];
  const latency = (p99: number, p50: number) => `p99 ${p99} ms (p50 ${p50})`;
  if (ids.b7 && r.raw) {
    rows.push({
      id: 'B7',
      ours: `${latency(r.app.p99Ms, r.app.p50Ms)}, ${r.watchers} watchers`,
      primitive: `raw emit ${latency(r.raw.p99Ms, r.raw.p50Ms)}`,
      ratio: round(r.app.p99Ms / r.raw.p99Ms),
      target: `≤ raw + 20 ms (+${round(r.app.p99Ms - r.raw.p99Ms, 1)})`,
      loopP99: ms(round(r.loopSingle.p99Ms, 1)),
      verdict: verdict(r.app.p99Ms <= r.raw.p99Ms + 20 && r.app.missing === 0),
    });
  }
  if (ids.b8 && r.pair) {
    const ratio = round(r.pair.p99Ms / r.app.p99Ms);
    rows.push({
      id: 'B8',
      ours: `2 nodes + Redis ${latency(r.pair.p99Ms, r.pair.p50Ms)}`,
      primitive: `1 node ${latency(r.app.p99Ms, r.app.p50Ms)}`,
      ratio,
      target: '≤ 1.5',
      loopP99: ms(round(r.loopPair?.p99Ms ?? Number.NaN, 1)),
      verdict: verdict(ratio <= 1.5 && r.pair.missing === 0),
    });
  }
  return rows;
}

export function b10Rows(r: B10Result): TableRow[] {
  return [
    {
      id: 'B10 entry',
      ours: `${r.entryGzipKb} kB gzip (${r.entryFiles.length} files)`,
      primitive: `${r.entryTargetKb} kB budget`,
      ratio: round(r.entryGzipKb / r.entryTargetKb),
      target: `< ${r.entryTargetKb} kB`,
      loopP99: '',
      verdict: verdict(r.entryGzipKb < r.entryTargetKb),
    },
    ...Object.entries(r.entryWithCatalogueGzipKb).map(([locale, kb]) => ({
      id: `B10 entry [${locale}]`,
      ours: `${kb} kB gzip with the entry page's ${locale} catalogue parts`,
      primitive: `${r.entryTargetKb} kB budget`,
      ratio: round(kb / r.entryTargetKb),
      target: `< ${r.entryTargetKb} kB`,
      loopP99: '',
      verdict: verdict(kb < r.entryTargetKb),
    })),
    {
      id: 'B10 chunk',
      ours: `${r.largestChunkKb} kB (${r.largestChunkGzipKb} kB gzip) ${r.largestChunk}`,
      primitive: `Vite's ${r.chunkTargetKb} kB warning`,
      ratio: round(r.largestChunkKb / r.chunkTargetKb),
      target: `≤ ${r.chunkTargetKb} kB`,
      loopP99: '',
      verdict: verdict(r.largestChunkKb <= r.chunkTargetKb),
    },
  ];
}
