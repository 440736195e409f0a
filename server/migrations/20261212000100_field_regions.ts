/**
 * Field regions: the boxes themselves are stored on each field (forms.fields, `region` as page
 * fractions); these tables hold what is not a field's own:
 * - form_region_settings: the sample image the boxes were drawn on, and whether contributors may
 *   shift them (one row per form that uses regions; no row means no sample and owner-only shifts);
 * - image_region_shifts: per image, how far its scan sits from the sample (fractions of its width
 *   and height) and how sure that is; an estimate never replaces a person's shift.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('form_region_settings', (t) => {
    t.integer('form_id').primary().references('forms.id').onDelete('CASCADE');
    t.integer('sample_image_id').nullable().references('form_images.id').onDelete('SET NULL');
    t.boolean('contributors_may_shift').notNullable().defaultTo(false);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('image_region_shifts', (t) => {
    t.integer('image_id').primary().references('form_images.id').onDelete('CASCADE');
    t.double('dx').notNullable();
    t.double('dy').notNullable();
    t.double('confidence').notNullable();
    t.text('source').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE image_region_shifts
    ADD CONSTRAINT image_region_shifts_source CHECK (source IN ('estimated', 'manual')),
    ADD CONSTRAINT image_region_shifts_range CHECK (abs(dx) <= 0.5 AND abs(dy) <= 0.5 AND confidence BETWEEN 0 AND 1)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('image_region_shifts');
  await knex.schema.dropTable('form_region_settings');
}
