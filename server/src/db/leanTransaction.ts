/**
 * A transaction on a bare pg connection from knex's pool: BEGIN, the statements, COMMIT (ROLLBACK
 * on any error), for the hot write path (a submission). knex's transaction makes a new knex
 * instance per transaction and runs every statement through its runner, binding regexes and query
 * events; on B2's path that cost about as much of the app's CPU as everything else it does
 * (docs/benchmarks.md). The connection is knex's, so the pool, its size and its acquire timeout
 * (503 when none is free) are the same for every path.
 *
 * A connection always goes back to the pool, and never in the middle of a transaction: when the
 * ROLLBACK itself fails (the connection broke), it is marked as knex marks a broken one, and the
 * pool drops it instead of handing it out again.
 *
 * Statements are published for the bench's SQL capture as knex's query events are (pgStatements.ts).
 */
import type { Knex } from 'knex';
import type { QueryResultRow } from 'pg';
import { send, sendStatement } from './pgStatements.ts';
import type { Bindings, PgConnection, SqlRunner } from './sqlRunner.ts';

/** A connection of knex's pg pool, with the mark knex gives one that broke (db/knex.ts's dialect). */
interface PooledConnection extends PgConnection {
  __knex__disposed?: unknown;
}

/**
 * Runs `work` in a transaction on one connection of `knex`'s pool and answers what it answered;
 * a throw anywhere rolls the transaction back and is thrown on. Statements sent after it ended are refused.
 */
export async function inLeanTransaction<T>(knex: Knex, work: (sql: SqlRunner) => Promise<T>): Promise<T> {
  const connection: PooledConnection = await knex.client.acquireConnection();
  let open = true;
  const inside = (text: string) => {
    if (!open) throw new Error(`a statement after its transaction ended: ${text.slice(0, 80)}`);
  };
  const sql: SqlRunner = {
    query<Row extends QueryResultRow>(text: string, bindings: Bindings, name?: string) {
      inside(text);
      return sendStatement<Row>(connection, text, bindings, name);
    },
    execute(text, values) {
      inside(text);
      return send(connection, { text, values: [...values] });
    },
  };
  try {
    await send(connection, { text: 'BEGIN', values: [] });
    const result = await work(sql);
    open = false;
    await send(connection, { text: 'COMMIT', values: [] });
    return result;
  } catch (error) {
    open = false;
    // After a failed COMMIT PostgreSQL has rolled back already; this ROLLBACK only warns then.
    await send(connection, { text: 'ROLLBACK', values: [] }).catch((rollbackError: unknown) => {
      connection.__knex__disposed = rollbackError;
    });
    throw error;
  } finally {
    open = false;
    await knex.client.releaseConnection(connection);
  }
}
