/**
 * Machine reading beyond English, and sideways scans turned upright (issue 29):
 * - form_machine_reading_settings.language: the tesseract code of the language the form's text is
 *   in (one of the shipped packages, `OCR_LANGUAGES` in common/src/schemas/machineReading.ts);
 * - machine_readings.language and .turn: what each reading was read with (the language, and the
 *   quarter turn of the page, clockwise), so a reading made with another language or before the
 *   image was turned is known to be stale and read again, as one whose box moved is;
 * - image_orientations: each image whose orientation was detected (once, for forms with machine
 *   reading on), with what was found, so detection never runs twice for an image and a person's
 *   later turn is never undone.
 */
import type { Knex } from 'knex';

const CODES = "('eng', 'fra', 'spa', 'por', 'ara')";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('form_machine_reading_settings', (t) => {
    t.text('language').notNullable().defaultTo('eng');
  });
  await knex.raw(`ALTER TABLE form_machine_reading_settings
    ADD CONSTRAINT form_machine_reading_language CHECK (language IN ${CODES})`);
  await knex.schema.alterTable('machine_readings', (t) => {
    t.text('language').notNullable().defaultTo('eng');
    t.smallint('turn').notNullable().defaultTo(0);
  });
  await knex.raw(`ALTER TABLE machine_readings
    ADD CONSTRAINT machine_readings_turn CHECK (turn IN (0, 90, 180, 270))`);
  await knex.schema.createTable('image_orientations', (t) => {
    t.integer('image_id').primary().references('form_images.id').onDelete('CASCADE');
    /** The clockwise turn that shows the page upright, as detected (null: nothing could be told). */
    t.smallint('detected_rotation').nullable();
    t.double('confidence').nullable();
    /** Whether the detection was confident enough to turn the image. */
    t.boolean('applied').notNullable();
    t.timestamp('detected_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('image_orientations');
  await knex.raw('ALTER TABLE machine_readings DROP CONSTRAINT machine_readings_turn');
  await knex.schema.alterTable('machine_readings', (t) => {
    t.dropColumn('language');
    t.dropColumn('turn');
  });
  await knex.raw('ALTER TABLE form_machine_reading_settings DROP CONSTRAINT form_machine_reading_language');
  await knex.schema.alterTable('form_machine_reading_settings', (t) => {
    t.dropColumn('language');
  });
}
