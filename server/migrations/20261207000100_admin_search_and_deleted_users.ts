/**
 * For the super administrator:
 * - trigram indexes, so searching 100,000 accounts or forms by any part of an e-mail, name or
 *   form name (ILIKE '%…%') is an index lookup, not a scan per keystroke (pg_trgm ships with
 *   PostgreSQL's contrib, the embedded server included, and is a trusted extension);
 * - a deleted account's "no data" / "unreadable" votes stay, without the person (user_id set
 *   NULL), like their entries: the images those votes completed stay complete for their owners;
 * - lookups by person on submissions and votes, which deleting an account makes (the foreign
 *   keys' SET NULL finds the rows through them).
 */
import type { Knex } from 'knex';

const VOTE_TABLES = ['image_no_data_votes', 'image_unreadable_votes'] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await knex.raw('CREATE INDEX users_username_trgm ON users USING gin (username gin_trgm_ops)');
  await knex.raw('CREATE INDEX users_name_trgm ON users USING gin (name gin_trgm_ops)');
  await knex.raw('CREATE INDEX forms_name_trgm ON forms USING gin (name gin_trgm_ops)');
  await knex.schema.alterTable('form_submissions', (t) => t.index(['submitted_by_id']));
  for (const table of VOTE_TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.dropForeign(['user_id']);
      t.integer('user_id').nullable().alter();
      t.foreign('user_id').references('users.id').onDelete('SET NULL');
      t.index(['user_id']);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of VOTE_TABLES) {
    await knex(table).whereNull('user_id').delete();
    await knex.schema.alterTable(table, (t) => {
      t.dropIndex(['user_id']);
      t.dropForeign(['user_id']);
      t.integer('user_id').notNullable().alter();
      t.foreign('user_id').references('users.id').onDelete('CASCADE');
    });
  }
  await knex.schema.alterTable('form_submissions', (t) => t.dropIndex(['submitted_by_id']));
  await knex.raw('DROP INDEX forms_name_trgm');
  await knex.raw('DROP INDEX users_name_trgm');
  await knex.raw('DROP INDEX users_username_trgm');
}
