/**
 * Insights at scale, and for forms older than Insights:
 * - contributor_disagreements: each contributor's entries that differ from the verified value, one
 *   row per (image, contributor, field), replaced with the image's share of the figures. A
 *   contributor's disagreements are then a keyset page of their own rows (newest submission first),
 *   never a read of all their entries.
 * - form_insights_pending: forms whose per-image figures were never computed (entries from before
 *   Insights, or before this table of disagreements). Nothing is queued here: the first read of the
 *   form's Insights queues one repair recount (services/insights/insightsReadiness.ts) and the row
 *   goes when the recount is done, so only forms someone looks at pay for it.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contributor_disagreements', (t) => {
    t.integer('image_id').notNullable().references('form_images.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('field_id').notNullable();
    t.integer('form_id').notNullable();
    t.integer('submission_id').notNullable().references('form_submissions.id').onDelete('CASCADE');
    t.primary(['image_id', 'user_id', 'field_id']);
  });
  // The page read: one contributor on one form, newest submission first, keyset on (submission, field).
  await knex.raw(
    'CREATE INDEX contributor_disagreements_page ON contributor_disagreements (form_id, user_id, submission_id, field_id)',
  );
  await knex.schema.createTable('form_insights_pending', (t) => {
    t.integer('form_id').primary().references('forms.id').onDelete('CASCADE');
    // When a read queued the recount; null until then.
    t.timestamp('queued_at', { useTz: true }).nullable();
  });
  await knex.raw('INSERT INTO form_insights_pending (form_id) SELECT DISTINCT form_id FROM form_submissions');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('form_insights_pending');
  await knex.schema.dropTableIfExists('contributor_disagreements');
}
