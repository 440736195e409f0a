/** An owner's choice among disagreeing entries for one field of one image (beyond the spec). */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('field_resolutions', (t) => {
    t.increments('id');
    t.integer('image_id').notNullable().references('form_images.id').onDelete('CASCADE');
    t.text('field_id').notNullable();
    t.text('value').notNullable();
    t.integer('resolved_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('resolved_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['image_id', 'field_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('field_resolutions');
}
