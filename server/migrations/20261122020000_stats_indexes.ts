/** Indexes for the owner's dashboard reads (leaderboard, users, recent and completed images). */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('form_submissions', (t) => t.index(['form_id', 'submitted_by_id']));
  await knex.schema.alterTable('form_images', (t) => {
    t.index(['form_id', 'completed_at']);
    t.index(['form_id', 'uploaded_at']);
  });
  await knex.schema.alterTable('forms', (t) => t.index(['logo_filename']));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('forms', (t) => t.dropIndex(['logo_filename']));
  await knex.schema.alterTable('form_images', (t) => {
    t.dropIndex(['form_id', 'uploaded_at']);
    t.dropIndex(['form_id', 'completed_at']);
  });
  await knex.schema.alterTable('form_submissions', (t) => t.dropIndex(['form_id', 'submitted_by_id']));
}
