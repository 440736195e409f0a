/**
 * A name for a hot statement, so PostgreSQL plans it once per connection instead of on every run.
 * The consensus read, for one, spent about 80 % of its time in the planner (0.45 ms a run in
 * pg_stat_statements under B2): naming it took B2 from 309–330 to 351–368 submissions/s.
 *
 * Only for statements whose columns out are fixed expressions (json_agg, count, max …), never
 * `*`: a prepared `SELECT *` fails with "cached plan must not change result type" on every old
 * node once a rolling deploy's migration adds a column to its table. A changed table is planned
 * again by itself; a changed text needs a new name (node-pg refuses one name for two texts).
 */
export function plannedOnce(name: string): { name: string } {
  return { name };
}
