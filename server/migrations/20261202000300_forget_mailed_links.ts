/**
 * Mail jobs used to carry the whole message, reset and verification links included, and
 * finished ones stayed in the job tables for days. Jobs now carry only `{kind, userId}`; this
 * removes the old ones so no link survives in the database. (The job queue's schema is created
 * after migrations on a new database, so on one it may not exist yet: nothing to remove then.)
 */
import type { Knex } from 'knex';

const OLD_MAIL_JOBS = `name = 'send-mail' AND data->>'kind' IS NULL`;

export async function up(knex: Knex): Promise<void> {
  for (const table of ['pgboss.job', 'pgboss.archive']) {
    const { rows } = await knex.raw('SELECT to_regclass(?) AS found', [table]);
    if (rows[0]?.found) await knex.raw(`DELETE FROM ${table} WHERE ${OLD_MAIL_JOBS}`);
  }
}

export async function down(): Promise<void> {
  // Deleted links are gone for good, which is the point.
}
