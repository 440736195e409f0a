/** A block can also take the blocked user's entries out of consensus (restored on unblock). */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('form_user_blocks', (t) => {
    t.boolean('drop_entries').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('form_user_blocks', (t) => {
    t.dropColumn('drop_entries');
  });
}
