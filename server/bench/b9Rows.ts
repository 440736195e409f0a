/** Table rows for B9a (capacity) and B9b (latency at an offered load), with their CPU per cycle. */
import { availableParallelism } from 'node:os';
import type { B9Result } from './b9Crowd.ts';
import { round } from './measure.ts';
import { totalCpuMs } from './processCpu.ts';
import type { TableRow } from './results.ts';

const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

/** Nothing lost, duplicated, unacknowledged or over-entered, no error, every watcher up to date. */
function sound(r: B9Result): boolean {
  const lost = r.acknowledgedButMissing + r.duplicated + r.storedButNeverAcknowledged;
  return (
    lost === 0 &&
    r.imagesOverEntered === 0 &&
    r.serverErrors === 0 &&
    r.transportErrors === 0 &&
    r.watchersWithFinalFigures === r.owners
  );
}

const ledger = (r: B9Result) =>
  `lost/dup/unacked ${r.acknowledgedButMissing}/${r.duplicated}/${r.storedButNeverAcknowledged}, 5xx ${r.serverErrors}, most entries ${r.mostEntriesOnOneImage}/${r.entriesNeeded}, watchers ${r.watchersWithFinalFigures}/${r.owners}`;

export function b9Rows(r: B9Result): TableRow[] {
  const latencies = `p99 submit ${r.submitP99Ms} / next ${r.nextImageP99Ms} ms`;
  if (r.phase === 'a') {
    return [
      {
        id: 'B9a',
        ours: `${r.submissionsPerSecond} subs/s closed loop, ${latencies} (${r.contributors} people, ${r.secondsRun} s)`,
        primitive: ledger(r),
        ratio: Number.NaN,
        target: `≥ ${r.target}/s; none lost`,
        loopP99: `${r.loopDelayP99Ms} ms`,
        verdict: verdict(r.submissionsPerSecond >= r.target && sound(r)),
      },
      ...b9CpuRows(r, r.target),
    ];
  }
  const slowest = Math.max(r.submitP99Ms, r.nextImageP99Ms);
  const share = r.servedShare ?? 0;
  const offered = r.offeredPerSecond ?? Number.NaN;
  const think = r.thinkMs ? `${r.thinkMs.minMs / 1000}–${r.thinkMs.maxMs / 1000} s/image` : '';
  return [
    {
      id: 'B9b',
      ours: `${latencies}; ${r.servedPerSecond} of ${offered} subs/s offered served (${r.contributors} people, ${think})`,
      primitive: ledger(r),
      ratio: share,
      target: `p99 < ${r.p99TargetMs} ms; served ≥ ${r.servedShareTarget}; none lost`,
      loopP99: `${r.loopDelayP99Ms} ms`,
      verdict: verdict(slowest < r.p99TargetMs && share >= r.servedShareTarget && sound(r)),
    },
    ...b9CpuRows(r, offered),
  ];
}

/**
 * What one submission's cycle costs the cores, against what the rate leaves it: at 200/s on n
 * cores, every process together has n × 1000 / 200 ms of CPU per submission.
 */
function b9CpuRows(r: B9Result, rate: number): TableRow[] {
  const cpu = r.cpuPerSubmission;
  if (!cpu || !Number.isFinite(rate)) return [];
  const total = totalCpuMs(cpu);
  const budget = round((availableParallelism() * 1000) / rate, 2);
  return [
    {
      id: `B9${r.phase} cpu`,
      ours: `${total} ms/submission: app ${cpu.appMs}, PostgreSQL ${cpu.postgresMs}, crowd ${cpu.driverMs}`,
      primitive: `${budget} ms: ${availableParallelism()} cores at ${round(rate, 0)}/s`,
      ratio: round(budget / total),
      target: '(info) CPU per cycle',
      loopP99: '',
      verdict: 'where the cores go',
    },
  ];
}
