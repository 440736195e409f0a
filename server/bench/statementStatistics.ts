/**
 * Where PostgreSQL's time goes, statement by statement, per unit of work (a B9a cycle). With
 * BENCH_STATEMENTS=1 the bench's embedded PostgreSQL loads pg_stat_statements (with planning
 * times); a run resets the statistics before it starts and prints the top statements after it.
 * Execution times are wall time inside PostgreSQL (lock waits and time preempted included);
 * planning times are the clean signal for a statement planned on every run.
 */
import type pg from 'pg';

export const statementStatisticsOn = () => process.env.BENCH_STATEMENTS === '1';

export async function resetStatementStatistics(db: pg.ClientBase): Promise<void> {
  await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await db.query('SELECT pg_stat_statements_reset()');
}

interface StatementRow {
  calls: string;
  exec_ms: number;
  plan_ms: number;
  query: string;
}

/** The statements PostgreSQL spent most time on, as ms of execution and of planning per unit of work. */
export async function printStatementStatistics(db: pg.ClientBase, units: number, unitName: string): Promise<void> {
  const { rows } = await db.query<StatementRow>(
    `SELECT calls, total_exec_time AS exec_ms, total_plan_time AS plan_ms,
       left(regexp_replace(query, '\\s+', ' ', 'g'), 140) AS query
     FROM pg_stat_statements ORDER BY total_exec_time + total_plan_time DESC LIMIT 15`,
  );
  const per = (value: number) => (value / Math.max(1, units)).toFixed(3);
  console.log(`\nPostgreSQL by statement, ms per ${unitName} (${units} ${unitName}s): exec / plan / calls`);
  for (const row of rows) {
    console.log(`  ${per(row.exec_ms)} / ${per(row.plan_ms)} / ${per(Number(row.calls))}  ${row.query}`);
  }
}
