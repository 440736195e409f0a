/**
 * Image leases: next-image hands each contributor an image they hold for a few minutes, so people
 * asking at the same moment are spread over different images instead of all landing on the one
 * with the fewest entries. A lease ends with the holder's entry, vote or skip, when they leave, or
 * when it expires; expired rows simply stop counting (queries compare `expires_at` with now()).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('image_leases', (t) => {
    t.integer('image_id').notNullable().references('form_images.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('form_id').notNullable().references('forms.id').onDelete('CASCADE');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.primary(['image_id', 'user_id']);
    // Counting a form's live leases per image (the next-image choice).
    t.index(['form_id', 'expires_at']);
    // Finding a user's lease on a form (reloads get the same image) and releasing them all.
    t.index(['user_id', 'form_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('image_leases');
}
