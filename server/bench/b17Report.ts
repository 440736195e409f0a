/**
 * B17's verdict from its series: memory flat after warm-up (a least-squares slope), latency that
 * does not drift (the p99 of the last minutes against the first after the first minute), no error,
 * no growth in connections or file handles; and the small chart the run prints.
 */
import type { SoakSample } from './b17Sampler.ts';
import type { CrowdRun, Timings } from './crowdProtocol.ts';
import { percentile, round } from './measure.ts';
import type { TableRow } from './results.ts';

/** Growth allowed per 10 minutes, in MB, for each process's memory. */
export const RSS_SLOPE_TARGET_MB = 5;
export const P99_DRIFT_TARGET = 1.2;
/**
 * Handles are compared as the lowest sample of the first minute after warm-up against the lowest
 * of the last minute, plus a slack, for PostgreSQL's connections, the app's descriptors other than
 * sockets (files, pipes, its event loop's own) and its sockets in CLOSE_WAIT. A leak raises every
 * sample after it; a request in flight (an upload's files, an export's stream, a hang-up not yet
 * read) raises one, and the smoke runs saw such single samples 6–14 descriptors up. The app's knex
 * pool (at most 10) and pg-boss's (at most 4) also open and close connections on demand. A leak
 * of one per upload round or export adds one a minute, 25 over a 30-minute run, and one per
 * submission thousands. All sockets are reported, not judged: the crowd's keep-alive connections
 * alone swing them by a hundred (b17Sampler.ts).
 */
export const HANDLE_SLACK = 5;

export interface MinuteFigures {
  minute: number;
  submits: number;
  submitP99Ms: number;
  nextImageP99Ms: number;
  /** The app's RSS at the last sample of the minute. */
  appRssMb: number;
  /** CPU ms per submission served in the minute (all the minute's work, its uploads and export too). */
  appCpuMsPerSubmit: number;
  postgresCpuMsPerSubmit: number;
  /** How long the minute's CSV export took, ms (none in a minute without one). */
  exportMs?: number;
  /** What autovacuum was seen doing at the minute's samples. */
  autovacuum: string[];
}

const minuteOf = (at: number, begun: number) => Math.floor((at - begun) / 60_000);

function inMinutes(timings: Timings, begun: number, from: number, to: number): number[] {
  return timings.ms.filter((_, i) => {
    const minute = minuteOf(timings.at[i] ?? 0, begun);
    return minute >= from && minute <= to;
  });
}

export function perMinute(
  run: CrowdRun,
  samples: SoakSample[],
  begun: number,
  minutes: number,
  exportMsByMinute: ReadonlyMap<number, number> = new Map(),
): MinuteFigures[] {
  return Array.from({ length: minutes }, (_, minute) => {
    const submits = inMinutes(run.submit, begun, minute, minute);
    const lastSample = samples.filter((s) => s.atSeconds < (minute + 1) * 60).at(-1);
    // A sample holds the CPU of the 10 s before it: the minute's are those taken in it, its end included.
    const minuteSamples = samples.filter((s) => s.atSeconds > minute * 60 && s.atSeconds <= (minute + 1) * 60);
    const perSubmit = (pick: (s: SoakSample) => number) =>
      round(minuteSamples.reduce((sum, s) => sum + pick(s), 0) / Math.max(1, submits.length), 2);
    const exportMs = exportMsByMinute.get(minute);
    return {
      minute,
      submits: submits.length,
      submitP99Ms: round(percentile(submits, 99), 1),
      nextImageP99Ms: round(percentile(inMinutes(run.nextImage, begun, minute, minute), 99), 1),
      appRssMb: lastSample?.appRssMb ?? Number.NaN,
      appCpuMsPerSubmit: perSubmit((s) => s.appCpuMs),
      postgresCpuMsPerSubmit: perSubmit((s) => s.postgresCpuMs),
      ...(exportMs === undefined ? {} : { exportMs }),
      autovacuum: [...new Set(minuteSamples.flatMap((s) => s.autovacuum))],
    };
  });
}

/** Least-squares slope of `values` over `seconds`, in units per 10 minutes. */
export function slopePer10Minutes(seconds: readonly number[], values: readonly number[]): number {
  const n = seconds.length;
  if (n < 2) return 0;
  const meanX = seconds.reduce((a, b) => a + b, 0) / n;
  const meanY = values.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    const dx = (seconds[i] ?? 0) - meanX;
    num += dx * ((values[i] ?? 0) - meanY);
    den += dx * dx;
  }
  return den === 0 ? 0 : round((num / den) * 600, 2);
}

export interface SoakChecks {
  warmupSeconds: number;
  /** MB per 10 minutes after warm-up, by process. */
  rssSlopes: Record<string, number>;
  /** The minutes compared (0-based) and the p99s over all their requests. */
  p99Windows: { first: [number, number]; last: [number, number] };
  submitP99: { firstMs: number; lastMs: number; ratio: number };
  nextImageP99: { firstMs: number; lastMs: number; ratio: number };
  /** Each the lowest sample of the first minute after warm-up and of the last minute. */
  connections: { first: number; last: number };
  /** The app's descriptors other than sockets. */
  otherFds: { first: number; last: number };
  closingSockets: { first: number; last: number };
  sockets: { first: number; last: number };
  errors: number;
  met: { rssFlat: boolean; p99Steady: boolean; noError: boolean; noHandleGrowth: boolean };
}

/**
 * Warm-up is the first 5 minutes of 30 (a sixth of a shorter run). Latency compares minutes 1–5
 * (minute 0 holds the start-up) with the last 5, fewer in a short run.
 */
export function checkSoak(run: CrowdRun, samples: SoakSample[], begun: number, minutes: number, errors: number) {
  const warmupSeconds = Math.min(300, (minutes * 60) / 6);
  const steady = samples.filter((s) => s.atSeconds >= warmupSeconds);
  const at = steady.map((s) => s.atSeconds);
  const rssSlopes: Record<string, number> = {
    app: slopePer10Minutes(
      at,
      steady.map((s) => s.appRssMb),
    ),
    postgres: slopePer10Minutes(
      at,
      steady.map((s) => s.postgresPrivateMb),
    ),
  };
  (steady[0]?.crowdRssMb ?? []).forEach((_, i) => {
    rssSlopes[`crowd ${i + 1}`] = slopePer10Minutes(
      at,
      steady.map((s) => s.crowdRssMb[i] ?? 0),
    );
  });
  const width = Math.min(5, Math.max(1, Math.floor((minutes - 1) / 2)));
  const first: [number, number] = [Math.min(1, minutes - 1), Math.min(width, minutes - 1)];
  const last: [number, number] = [minutes - width, minutes - 1];
  const drift = (timings: Timings) => {
    const firstMs = round(percentile(inMinutes(timings, begun, ...first), 99), 1);
    const lastMs = round(percentile(inMinutes(timings, begun, ...last), 99), 1);
    return { firstMs, lastMs, ratio: round(lastMs / firstMs) };
  };
  const submitP99 = drift(run.submit);
  const nextImageP99 = drift(run.nextImage);
  const end = steady.at(-1)?.atSeconds ?? 0;
  const firstMinute = steady.filter((s) => s.atSeconds < warmupSeconds + 60);
  const lastMinute = steady.filter((s) => s.atSeconds > end - 60);
  const lowest = (window: SoakSample[], pick: (s: SoakSample) => number) =>
    window.length ? Math.min(...window.map(pick)) : 0;
  const pair = (pick: (s: SoakSample) => number) => ({
    first: lowest(firstMinute, pick),
    last: lowest(lastMinute, pick),
  });
  const connections = pair((s) => s.postgresConnections);
  // By kind, not all less sockets: a descriptor closed between the listing and its look (a
  // keep-alive connection ending) is in neither.
  const otherFds = pair((s) => Object.values(s.appOtherFds).reduce((sum, n) => sum + n, 0));
  const closingSockets = pair((s) => s.appSocketsClosing);
  const grew = (figure: { first: number; last: number }) => figure.last > figure.first + HANDLE_SLACK;
  return {
    warmupSeconds,
    rssSlopes,
    p99Windows: { first, last },
    submitP99,
    nextImageP99,
    connections,
    otherFds,
    closingSockets,
    sockets: pair((s) => s.appSockets),
    errors,
    met: {
      rssFlat: Object.values(rssSlopes).every((slope) => slope < RSS_SLOPE_TARGET_MB),
      p99Steady: submitP99.ratio <= P99_DRIFT_TARGET && nextImageP99.ratio <= P99_DRIFT_TARGET,
      noError: errors === 0,
      noHandleGrowth: !grew(connections) && !grew(otherFds) && !grew(closingSockets),
    },
  } satisfies SoakChecks;
}

const bar = (value: number, most: number, width: number) =>
  '█'.repeat(Number.isFinite(value) && most > 0 ? Math.max(0, Math.round((value / most) * width)) : 0);

/** One line per minute: the app's RSS and the p99 of submit and of next-image, as bars. */
export function soakChart(minutes: readonly MinuteFigures[]): string {
  const mostRss = Math.max(...minutes.map((m) => m.appRssMb).filter(Number.isFinite), 1);
  const mostP99 = Math.max(...minutes.flatMap((m) => [m.submitP99Ms, m.nextImageP99Ms]).filter(Number.isFinite), 1);
  const lines = [` min │ ${'app RSS (MB)'.padEnd(34)} │ ${'p99 submit (ms)'.padEnd(30)} │ p99 next-image (ms)`];
  for (const m of minutes) {
    const rss = `${String(Math.round(m.appRssMb)).padStart(5)} ${bar(m.appRssMb, mostRss, 28).padEnd(28)}`;
    const submit = `${String(Math.round(m.submitP99Ms)).padStart(5)} ${bar(m.submitP99Ms, mostP99, 24).padEnd(24)}`;
    const next = `${String(Math.round(m.nextImageP99Ms)).padStart(5)} ${bar(m.nextImageP99Ms, mostP99, 24)}`;
    lines.push(`${String(m.minute).padStart(4)} │ ${rss} │ ${submit} │ ${next}`);
  }
  return lines.join('\n');
}

/**
 * One line per minute: the work per submission, the export's time and autovacuum, which tell
 * whether a drift in the p99s follows the tables' growth (more work per cycle), a chore that grows
 * with the data, or maintenance.
 */
export function soakWorkTable(minutes: readonly MinuteFigures[]): string {
  const lines = [' min │ subs │ CPU ms/sub app │ PostgreSQL │ export ms │ autovacuum'];
  for (const m of minutes) {
    lines.push(
      [
        String(m.minute).padStart(4),
        String(m.submits).padStart(5),
        m.appCpuMsPerSubmit.toFixed(2).padStart(14),
        m.postgresCpuMsPerSubmit.toFixed(2).padStart(10),
        (m.exportMs === undefined ? '' : String(m.exportMs)).padStart(9),
        m.autovacuum.join('; '),
      ].join(' │ '),
    );
  }
  return lines.join('\n');
}

export function b17Rows(r: {
  checks: SoakChecks;
  minutes: number;
  servedPerSecond: number;
  loopDelayP99Ms: number;
}): TableRow[] {
  const { checks: c } = r;
  const slopes = Object.entries(c.rssSlopes)
    .map(([process, slope]) => `${process} ${slope}`)
    .join(', ');
  const allMet = Object.values(c.met).every(Boolean);
  return [
    {
      id: 'B17',
      ours: `${r.minutes} min at ${r.servedPerSecond} subs/s; RSS MB/10 min: ${slopes}; p99 submit ${c.submitP99.firstMs} → ${c.submitP99.lastMs} ms, next ${c.nextImageP99.firstMs} → ${c.nextImageP99.lastMs} ms`,
      primitive: `errors ${c.errors}; PG connections ${c.connections.first} → ${c.connections.last}; app non-socket fds ${c.otherFds.first} → ${c.otherFds.last}, CLOSE_WAIT ${c.closingSockets.first} → ${c.closingSockets.last}, sockets ${c.sockets.first} → ${c.sockets.last}`,
      ratio: Math.max(c.submitP99.ratio, c.nextImageP99.ratio),
      target: `RSS < ${RSS_SLOPE_TARGET_MB} MB/10 min; p99 ≤ ${P99_DRIFT_TARGET}×; no error or growth`,
      loopP99: `${r.loopDelayP99Ms} ms`,
      verdict: allMet
        ? 'met'
        : `MISSED (${Object.entries(c.met)
            .filter(([, met]) => !met)
            .map(([name]) => name)
            .join(', ')})`,
    },
  ];
}
