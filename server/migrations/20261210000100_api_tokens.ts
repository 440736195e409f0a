/**
 * Personal access tokens for the public API (/api/v1). Only the SHA-256 of a token is stored, so
 * a leaked table cannot be replayed; `hint` keeps the token's first characters for the owner to
 * recognise it in the list. Revoking deletes the row. A token outlives a downgrade (the API then
 * answers 402): nothing is deleted with the plan, only with the user.
 *
 * The API pages lists by id (keyset); images have (form_id, id) already, submissions get it here.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('api_tokens', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('token_hash').notNullable().unique();
    t.text('hint').notNullable();
    t.text('scope').notNullable();
    t.timestamp('expires_at', { useTz: true }).nullable();
    t.timestamp('last_used_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'id']);
  });
  await knex.raw(`ALTER TABLE api_tokens ADD CONSTRAINT api_tokens_scope CHECK (scope IN ('read', 'read_write'))`);
  await knex.raw('CREATE INDEX form_submissions_form_id_id ON form_submissions (form_id, id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX form_submissions_form_id_id');
  await knex.schema.dropTable('api_tokens');
}
