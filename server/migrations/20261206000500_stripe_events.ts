/**
 * Stripe webhook events already applied. Stripe delivers at least once (and retries until it gets
 * a 2xx), so the webhook inserts the event id in the same transaction as the change it makes: the
 * primary key turns a second delivery of the same event into a no-op, even when both arrive at
 * once on different nodes. A delivery whose change rolls back leaves no row, so its retry applies.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('stripe_events', (t) => {
    t.text('id').primary();
    t.text('type').notNullable();
    t.boolean('livemode').notNullable();
    t.timestamp('applied_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('stripe_events');
}
