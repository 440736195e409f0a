/**
 * Outgoing webhooks: each form's signing secret (made when a URL is first saved) and a log of
 * deliveries. The log is pruned on insert to the newest 50 per form, so its index serves both
 * the pruning and the settings dialog's read.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('forms', (t) => {
    t.text('webhook_secret');
  });
  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.bigIncrements('id');
    t.integer('form_id').notNullable().references('forms.id').onDelete('CASCADE');
    t.uuid('event_id').notNullable().unique();
    t.text('event_type').notNullable();
    t.jsonb('payload').notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.integer('last_status_code');
    t.text('last_error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('delivered_at', { useTz: true });
  });
  await knex.raw(
    `ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_status_check
       CHECK (status IN ('pending', 'delivered', 'failed'))`,
  );
  await knex.raw('CREATE INDEX webhook_deliveries_form_id_id_index ON webhook_deliveries (form_id, id DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('webhook_deliveries');
  await knex.schema.alterTable('forms', (t) => {
    t.dropColumn('webhook_secret');
  });
}
