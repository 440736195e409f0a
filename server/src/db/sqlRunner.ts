/**
 * The smallest thing a writer needs of a transaction: to run a statement in it. The hot write path
 * (a submission) runs its transaction on a bare pg connection (leanTransaction.ts), without knex's
 * transaction and query runner, which cost more of the app's CPU than the statements' own work
 * (docs/benchmarks.md, "Issue 28: the app's own CPU per submission"); every other path keeps knex.
 * Writers that both reach (the image state writer, the webhook log, the job queue) take a
 * SqlRunner, so they run the same statements either way.
 */
import type { Knex } from 'knex';
import type { QueryResultRow } from 'pg';

/** Bindings as knex's `raw()` takes them: by name (`:imageId`) or by position (`?`). */
export type Bindings = Readonly<Record<string, Knex.Value>> | readonly Knex.Value[];

export interface SqlRunner {
  /**
   * Runs one statement written as for knex's `raw()`, and answers its rows as pg parsed them
   * (snake_case keys), typed by the caller as pg's own `query<Row>()` types them. `name` plans it
   * once per connection (db/plannedOnce.ts says when that is safe).
   */
  query<Row extends QueryResultRow = QueryResultRow>(text: string, bindings: Bindings, name?: string): Promise<Row[]>;
  /** Runs a statement already written with `$1` placeholders (pg-boss writes its own). */
  execute(text: string, values: readonly unknown[]): Promise<QueryResultRow[]>;
}

/** What a connection from knex's pool is to us: a pg client. */
export interface PgConnection {
  query<Row extends QueryResultRow>(config: {
    text: string;
    values?: unknown[];
    name?: string;
  }): Promise<{ rows: Row[] }>;
}

/** A knex transaction as a SqlRunner: statements go through knex as they always did. */
export function knexSql(trx: Knex.Transaction): SqlRunner {
  return {
    async query<Row extends QueryResultRow>(text: string, bindings: Bindings, name?: string) {
      const raw = trx.raw(text, bindings);
      const { rows }: { rows: Row[] } = await (name ? raw.options({ name }) : raw);
      return rows;
    },
    async execute(text, values) {
      // The transaction's own connection (knex hands a transaction's client its connection).
      const connection: PgConnection = await trx.client.acquireConnection();
      const { rows } = await connection.query({ text, values: [...values] });
      return rows;
    },
  };
}
