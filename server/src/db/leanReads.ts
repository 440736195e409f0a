/**
 * Fixed SQL for the reads on every request's path (the session with its user, a form, an access
 * check), skipping the query builder and objection's join graph. Measured under B1's load, those
 * layers cost several times the statement itself (the session's graph join alone ~370 µs of CPU
 * against ~70 µs here), so a signed-in GET spent most of its time assembling SQL it always writes
 * the same way. Everything else keeps using the models' query builders.
 */
import type { Knex } from 'knex';
import { snakeCaseMappers } from 'objection';
import { sendStatement } from './pgStatements.ts';
import type { PgConnection } from './sqlRunner.ts';

type Row = Record<string, unknown>;

/** Whether a column's value is a row that came as JSON (`to_jsonb(t)`), not null. */
export function isJsonRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Column names as the models spell them (the same mapping as the knex instance's, memoised). */
export const camelCaseKeys = snakeCaseMappers().parse as (row: Row) => Row;

/**
 * The first row of `sql` with camelCase keys, or undefined. Bindings are positional (`?`).
 * `statement` names it, to be planned once per connection (db/plannedOnce.ts says when that is safe).
 */
export async function readRow(
  knex: Knex,
  sql: string,
  bindings: readonly Knex.Value[],
  statement?: { name: string },
): Promise<Row | undefined> {
  // Straight to a pooled connection, past knex's query runner (pgStatements.ts): on every
  // signed-in request, the runner cost more CPU than this one statement's own sending.
  const connection: PgConnection = await knex.client.acquireConnection();
  try {
    const [row] = await sendStatement<Row>(connection, sql, bindings, statement?.name);
    return row ? camelCaseKeys(row) : undefined;
  } finally {
    await knex.client.releaseConnection(connection);
  }
}

/** A row that came as JSON (`to_jsonb(t)`): camelCase keys, and its timestamps (text in JSON) dates again. */
export function rowFromJson(json: Row): Row {
  const row = camelCaseKeys(json);
  for (const [key, value] of Object.entries(row))
    if (key.endsWith('At') && typeof value === 'string') row[key] = new Date(value);
  return row;
}
