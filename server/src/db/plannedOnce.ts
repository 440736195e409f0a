/**
 * A name for a hot statement, so PostgreSQL plans it once per connection instead of on every run.
 * The consensus read, for one, spent about 80 % of its time in the planner (docs/benchmarks.md,
 * "Where the cores go").
 *
 * Only for statements whose columns out never change: fixed expressions (json_agg, count, max,
 * a whole row as one `to_jsonb(t)` column …), never `*`. A prepared `SELECT *` fails with "cached
 * plan must not change result type" on every old node once a rolling deploy's migration adds a
 * column to its table (plannedOnce.int.test.ts). A changed table is planned again by itself; a
 * changed text needs a new name (node-pg refuses one name for two texts).
 */
export function plannedOnce(name: string): { name: string } {
  return { name };
}
