/**
 * Machine reading as bounded, fair work (services/ocr/machineReadingQueue.ts):
 * - machine_reading_queue: one row per image waiting to be read, with its owner (whose turn it
 *   is decides the order), when it may next run (waiting for its shift, or after a failure), which
 *   node holds it for a field's work and until when, the reading time it has used, and how often
 *   it was asked for (a request arriving during a turn must survive that turn's end);
 * - machine_reading_owner_turns: per owner with work queued, the turns they had since their
 *   queue was last empty and the number of their last turn; the owner with the fewest goes next;
 * - machine_reading_unread: fields the machine left unread on an image, and why (the image ran
 *   out of reading time, or the box is outside the size limits), shown to the owner.
 * Readings asked for through the old job queue move into the new one.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('machine_reading_queue', (t) => {
    t.integer('image_id').primary().references('form_images.id').onDelete('CASCADE');
    t.integer('form_id').notNullable().references('forms.id').onDelete('CASCADE');
    t.integer('owner_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('queued_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('run_after', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('claimed_until', { useTz: true });
    t.integer('spent_ms').notNullable().defaultTo(0);
    t.integer('requests').notNullable().defaultTo(1);
    // The claim walks the owners with work (a skip scan) and takes each one's oldest image.
    t.index(['owner_id', 'queued_at', 'image_id']);
  });
  await knex.schema.createTable('machine_reading_owner_turns', (t) => {
    t.integer('owner_id').primary().references('users.id').onDelete('CASCADE');
    t.integer('turns').notNullable().defaultTo(0);
    t.bigInteger('last_turn').notNullable();
  });
  await knex.raw('CREATE SEQUENCE machine_reading_turn_seq');
  await knex.schema.createTable('machine_reading_unread', (t) => {
    t.integer('image_id').notNullable().references('form_images.id').onDelete('CASCADE');
    t.text('field_id').notNullable();
    t.integer('form_id').notNullable().references('forms.id').onDelete('CASCADE');
    t.text('reason').notNullable();
    t.jsonb('box').notNullable();
    t.timestamp('marked_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['image_id', 'field_id']);
    t.index(['form_id', 'field_id']);
  });
  await knex.raw(`ALTER TABLE machine_reading_unread
    ADD CONSTRAINT machine_reading_unread_reason CHECK (reason IN ('outOfTime', 'tooLarge', 'tooSmall'))`);
  const oldQueue = await knex.raw(`SELECT to_regclass('pgboss.job') AS job`);
  if (oldQueue.rows[0]?.job) {
    await knex.raw(`INSERT INTO machine_reading_queue (image_id, form_id, owner_id)
      SELECT DISTINCT fi.id, fi.form_id, f.created_by_id
      FROM pgboss.job j JOIN form_images fi ON fi.id = (j.data->>'imageId')::int JOIN forms f ON f.id = fi.form_id
      WHERE j.name = 'machine-read-image' AND j.state IN ('created', 'retry', 'active')
      ON CONFLICT DO NOTHING`);
    await knex.raw(`DELETE FROM pgboss.job WHERE name = 'machine-read-image' AND state IN ('created', 'retry')`);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('machine_reading_unread');
  await knex.raw('DROP SEQUENCE machine_reading_turn_seq');
  await knex.schema.dropTable('machine_reading_owner_turns');
  await knex.schema.dropTable('machine_reading_queue');
}
