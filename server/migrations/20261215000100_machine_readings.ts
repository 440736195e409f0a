/**
 * Machine reading (OCR) of field regions, counted as one independent entry:
 * - form_machine_reading_settings: per form, whether it is on (off by default: no row means off),
 *   the owner's confidence threshold (0–100) a reading needs to count, and the fields switched off;
 * - machine_readings: per image and field, the text read inside the field's box and tesseract's
 *   confidence, with the box as read (the region moved by the image's shift), so a reading whose
 *   box has since moved is known to be stale and read again.
 * Readings are never submissions: they stay out of contributors' histories, lists and counts.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('form_machine_reading_settings', (t) => {
    t.integer('form_id').primary().references('forms.id').onDelete('CASCADE');
    t.boolean('enabled').notNullable().defaultTo(false);
    t.integer('confidence_threshold').notNullable().defaultTo(80);
    t.specificType('off_field_ids', 'text[]').notNullable().defaultTo('{}');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('machine_readings', (t) => {
    t.integer('image_id').notNullable().references('form_images.id').onDelete('CASCADE');
    t.text('field_id').notNullable();
    t.integer('form_id').notNullable().references('forms.id').onDelete('CASCADE');
    t.text('value').notNullable();
    t.double('confidence').notNullable();
    t.jsonb('box').notNullable();
    t.timestamp('read_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['image_id', 'field_id']);
    // The owner's agreement figures read a form's readings field by field.
    t.index(['form_id', 'field_id']);
  });
  await knex.raw(`ALTER TABLE form_machine_reading_settings
    ADD CONSTRAINT form_machine_reading_threshold CHECK (confidence_threshold BETWEEN 0 AND 100)`);
  await knex.raw(`ALTER TABLE machine_readings
    ADD CONSTRAINT machine_readings_confidence CHECK (confidence BETWEEN 0 AND 100)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('machine_readings');
  await knex.schema.dropTable('form_machine_reading_settings');
}
