/**
 * Progress e-mail campaigns can be sent. A send writes one recipient row per person (unique per
 * campaign and user), and the mail queue sends one message per row, so a double click, a retried
 * request or a retried job never mails anyone twice. Each row keeps the hash of the unsubscribe
 * token its message carried; unsubscribing records (form, user), which every later send skips.
 * The campaign keeps the figures its messages showed, computed once when it was sent.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('form_email_campaigns', (t) => {
    t.jsonb('metrics');
    // The daily limit counts a form's campaigns sent in the last 24 hours.
    t.index(['form_id', 'sent_at']);
  });
  await knex.raw(`ALTER TABLE form_email_campaigns
    ADD CONSTRAINT form_email_campaigns_status_check CHECK (status IN ('draft', 'sending', 'sent'))`);

  await knex.schema.createTable('form_email_campaign_recipients', (t) => {
    t.increments('id');
    t.integer('campaign_id').notNullable().references('form_email_campaigns.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.text('status').notNullable().defaultTo('pending');
    t.text('error');
    t.text('unsubscribe_token_hash').unique();
    t.timestamp('finished_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['campaign_id', 'user_id']);
  });
  await knex.raw(`ALTER TABLE form_email_campaign_recipients
    ADD CONSTRAINT form_email_campaign_recipients_status_check
    CHECK (status IN ('pending', 'sent', 'failed', 'skipped'))`);

  await knex.schema.createTable('form_email_unsubscribes', (t) => {
    t.increments('id');
    t.integer('form_id').notNullable().references('forms.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['form_id', 'user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('form_email_unsubscribes');
  await knex.schema.dropTable('form_email_campaign_recipients');
  await knex.raw('ALTER TABLE form_email_campaigns DROP CONSTRAINT form_email_campaigns_status_check');
  await knex.schema.alterTable('form_email_campaigns', (t) => {
    t.dropIndex(['form_id', 'sent_at']);
    t.dropColumn('metrics');
  });
}
