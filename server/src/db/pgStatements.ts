/**
 * Sends a statement to a pg connection of knex's pool past knex's query runner (leanTransaction.ts,
 * leanReads.ts), and publishes it on a diagnostics channel when someone listens: the bench's SQL
 * capture (server/bench/sqlCapture.ts) hears these as it hears knex's query events. Nobody listens
 * in the app, and then publishing costs one check.
 */
import diagnosticsChannel from 'node:diagnostics_channel';
import type { QueryResultRow } from 'pg';
import { positionalStatement } from './positionalText.ts';
import type { Bindings, PgConnection } from './sqlRunner.ts';

/** A statement sent past knex; `rows` is set once it answered. */
export interface LeanStatementMessage {
  id: number;
  text: string;
  name?: string;
  values: readonly unknown[];
  rows?: QueryResultRow[];
}

/** Published as each statement is sent, and again when it answered (the same message, with its rows). */
export const leanStatementSent = diagnosticsChannel.channel('formscribe:lean-sql:sent');
export const leanStatementAnswered = diagnosticsChannel.channel('formscribe:lean-sql:answered');

let statementIds = 0;

export async function send<Row extends QueryResultRow>(
  connection: PgConnection,
  config: { text: string; values: unknown[]; name?: string },
): Promise<Row[]> {
  if (!leanStatementSent.hasSubscribers) return (await connection.query<Row>(config)).rows;
  const message: LeanStatementMessage = { id: ++statementIds, ...config };
  leanStatementSent.publish(message);
  const { rows } = await connection.query<Row>(config);
  message.rows = rows;
  leanStatementAnswered.publish(message);
  return rows;
}

/** Sends a statement written as for knex's `raw()` (db/positionalText.ts), planned once under `name` when given. */
export function sendStatement<Row extends QueryResultRow>(
  connection: PgConnection,
  text: string,
  bindings: Bindings,
  name?: string,
): Promise<Row[]> {
  const statement = positionalStatement(text, bindings);
  return send<Row>(connection, name ? { ...statement, name } : statement);
}
