/**
 * The form's figures live on its row, so the verification stats read one row whatever the number
 * of images. Services change them by delta in the transaction that changes an image; this
 * backfills every existing form from its images once. The counters mirror stored image state:
 * - image_count: the form's images;
 * - completed_image_count: those complete;
 * - incomplete_verified_field_count: verified fields of images not yet complete (a complete
 *   image counts all of its fields as done, whatever its own count says).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('forms', (t) => {
    t.integer('image_count').notNullable().defaultTo(0);
    t.integer('completed_image_count').notNullable().defaultTo(0);
    t.integer('incomplete_verified_field_count').notNullable().defaultTo(0);
  });
  await knex.raw(`
    UPDATE forms f SET
      image_count = a.image_count,
      completed_image_count = a.completed_image_count,
      incomplete_verified_field_count = a.incomplete_verified_field_count
    FROM (
      SELECT form_id,
             count(*)::int AS image_count,
             (count(*) FILTER (WHERE is_complete))::int AS completed_image_count,
             coalesce(sum(verified_field_count) FILTER (WHERE NOT is_complete), 0)::int AS incomplete_verified_field_count
      FROM form_images GROUP BY form_id
    ) a
    WHERE f.id = a.form_id`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('forms', (t) => {
    t.dropColumn('incomplete_verified_field_count');
    t.dropColumn('completed_image_count');
    t.dropColumn('image_count');
  });
}
