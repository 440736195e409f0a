/**
 * B17 with BENCH_STATEMENTS=1: PostgreSQL's statement statistics read at every minute's end, so a
 * drift can be pinned on a statement. It prints the statements of most time in the soak's last
 * minutes beside the same statements in its first: the mean time of a call in each, and the time
 * per submission served. A statement that slows as the tables grow shows as a rising mean.
 */
import type pg from 'pg';

interface StatementTotals {
  calls: number;
  execMs: number;
  query: string;
}

export type StatementSnapshot = Map<string, StatementTotals>;

export async function snapshotStatements(db: pg.ClientBase): Promise<StatementSnapshot> {
  const { rows } = await db.query<{ id: string; calls: string; exec_ms: number; query: string }>(
    `SELECT queryid::text AS id, calls, total_exec_time AS exec_ms,
       left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query
     FROM pg_stat_statements`,
  );
  return new Map(rows.map((r) => [r.id, { calls: Number(r.calls), execMs: r.exec_ms, query: r.query }]));
}

function between(from: StatementSnapshot, to: StatementSnapshot): StatementSnapshot {
  const spent: StatementSnapshot = new Map();
  for (const [id, totals] of to) {
    const before = from.get(id);
    spent.set(id, {
      calls: totals.calls - (before?.calls ?? 0),
      execMs: totals.execMs - (before?.execMs ?? 0),
      query: totals.query,
    });
  }
  return spent;
}

export interface StatementWindow {
  /** Snapshots at the window's start and end. */
  from: StatementSnapshot;
  to: StatementSnapshot;
  submissions: number;
}

/** The `top` statements by time in the last window, each against itself in the first. */
export function statementDrift(first: StatementWindow, last: StatementWindow, top = 12): string {
  const early = between(first.from, first.to);
  const late = between(last.from, last.to);
  const mean = (t: StatementTotals | undefined) => (t && t.calls > 0 ? (t.execMs / t.calls).toFixed(3) : '–');
  const perSubmission = (t: StatementTotals | undefined, submissions: number) =>
    t ? (t.execMs / Math.max(1, submissions)).toFixed(3) : '–';
  const lines = ['ms a call first → last │ ms per submission first → last │ statement'];
  const ranked = [...late].sort((a, b) => b[1].execMs - a[1].execMs).slice(0, top);
  for (const [id, totals] of ranked) {
    const before = early.get(id);
    lines.push(
      `${mean(before).padStart(8)} → ${mean(totals).padEnd(8)} │ ${perSubmission(before, first.submissions).padStart(8)} → ${perSubmission(totals, last.submissions).padEnd(8)} │ ${totals.query}`,
    );
  }
  const total = (spent: StatementSnapshot) => [...spent.values()].reduce((sum, t) => sum + t.execMs, 0);
  lines.push(
    `all statements, ms per submission: ${(total(early) / Math.max(1, first.submissions)).toFixed(3)} → ${(total(late) / Math.max(1, last.submissions)).toFixed(3)}`,
  );
  return lines.join('\n');
}
