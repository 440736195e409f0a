/**
 * Billing: the state of each account's subscription, its billing history, and the built-in test
 * provider's payments. The plan itself stays on users.subscription_status (the spec's column), as
 * do the limits it sets; these tables hold what the plan change needs besides.
 *
 * - subscriptions: one row per account that ever subscribed. `version` counts plan changes and
 *   is part of every operation's idempotency key: a double click repeats the key (one charge), the
 *   next change gets a new one. `billing_anchor` is when the monthly periods start counting
 *   (proration.ts); `credit_balance_cents` is the test provider's account credit from downgrades.
 * - billing_history: what the Account Activity table shows, newest first. `external_key` makes
 *   recording a provider's event (a payment, a Stripe invoice) idempotent.
 * - test_payments: the test provider's payment intents. A client secret confirms at most once
 *   (status moves from requires_payment_method to succeeded in one conditional update), and one
 *   operation makes at most one payment (unique idempotency_key).
 */
import type { Knex } from 'knex';

const PLAN_CHECK = `IN ('free', 'starter', 'professional')`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('subscriptions', (t) => {
    t.integer('user_id').primary().references('users.id').onDelete('CASCADE');
    t.text('status').notNullable();
    t.text('provider').notNullable();
    t.timestamp('billing_anchor', { useTz: true });
    t.integer('credit_balance_cents').notNullable().defaultTo(0);
    t.integer('version').notNullable().defaultTo(0);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_status_check
       CHECK (status IN ('active', 'past_due', 'unpaid', 'canceled', 'incomplete'))`,
  );
  await knex.raw(
    `ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_provider_check CHECK (provider IN ('test', 'stripe'))`,
  );
  await knex.raw(
    `ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_credit_check CHECK (credit_balance_cents >= 0)`,
  );

  await knex.schema.createTable('billing_history', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('type').notNullable();
    t.text('source').notNullable();
    t.text('description').notNullable();
    t.integer('amount_cents').notNullable();
    t.text('currency').notNullable().defaultTo('usd');
    t.text('status').notNullable();
    t.text('invoice_url');
    t.text('download_url');
    t.text('external_key').unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // The Account Activity table: one account's rows, newest first.
    t.index(['user_id', 'created_at', 'id']);
  });
  await knex.raw(
    `ALTER TABLE billing_history ADD CONSTRAINT billing_history_type_check
       CHECK (type IN ('invoice', 'payment', 'credit', 'charge', 'refund', 'activity', 'failure'))`,
  );
  await knex.raw(`ALTER TABLE billing_history ADD CONSTRAINT billing_history_amount_check CHECK (amount_cents >= 0)`);

  await knex.schema.createTable('test_payments', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.text('client_secret').notNullable().unique();
    t.text('idempotency_key').notNullable().unique();
    t.text('kind').notNullable();
    t.text('plan_id').notNullable();
    t.text('from_plan_id').notNullable();
    /** What the card is charged, after the account credit below was spent. */
    t.integer('amount_cents').notNullable();
    t.integer('credit_applied_cents').notNullable().defaultTo(0);
    /** The subscription version the payment was made for: a later plan change voids it. */
    t.integer('base_version').notNullable();
    t.text('status').notNullable().defaultTo('requires_payment_method');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('succeeded_at', { useTz: true });
  });
  await knex.raw(
    `ALTER TABLE test_payments ADD CONSTRAINT test_payments_kind_check CHECK (kind IN ('subscription', 'upgrade'))`,
  );
  await knex.raw(`ALTER TABLE test_payments ADD CONSTRAINT test_payments_plan_check CHECK (plan_id ${PLAN_CHECK})`);
  await knex.raw(
    `ALTER TABLE test_payments ADD CONSTRAINT test_payments_from_plan_check CHECK (from_plan_id ${PLAN_CHECK})`,
  );
  await knex.raw(
    `ALTER TABLE test_payments ADD CONSTRAINT test_payments_status_check
       CHECK (status IN ('requires_payment_method', 'succeeded', 'canceled'))`,
  );
  await knex.raw(`ALTER TABLE test_payments ADD CONSTRAINT test_payments_amount_check CHECK (amount_cents > 0)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('test_payments');
  await knex.schema.dropTable('billing_history');
  await knex.schema.dropTable('subscriptions');
}
