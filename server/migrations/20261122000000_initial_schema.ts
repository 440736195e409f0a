/** Every entity of the spec's section 3, plus sessions and rate limits. Constraints carry the rules. */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.text('username').notNullable().unique();
    t.text('name');
    t.text('password').notNullable();
    t.boolean('email_verified').notNullable().defaultTo(false);
    t.timestamp('email_verified_at', { useTz: true });
    t.text('subscription_status').notNullable().defaultTo('free');
    t.text('stripe_customer_id');
    t.text('stripe_subscription_id');
    t.timestamp('subscription_ends_at', { useTz: true });
    t.boolean('stripe_test_mode').notNullable().defaultTo(false);
    t.integer('active_form_limit').notNullable().defaultTo(1);
    t.integer('image_count_limit_per_form').notNullable().defaultTo(50);
    t.double('image_size_limit_mb').notNullable().defaultTo(3);
    t.boolean('has_completed_tutorial').notNullable().defaultTo(false);
    t.boolean('has_completed_data_entry_tutorial').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE users ADD CONSTRAINT users_username_lower CHECK (username = lower(username))`);
  await knex.raw(
    `ALTER TABLE users ADD CONSTRAINT users_subscription_status_check CHECK (subscription_status IN ('free', 'starter', 'professional'))`,
  );

  await knex.schema.createTable('sessions', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.text('token_hash').notNullable().unique();
    t.boolean('persistent').notNullable().defaultTo(false);
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('user_agent');
    t.text('ip');
  });

  await knex.schema.createTable('rate_limits', (t) => {
    t.text('key').primary();
    t.integer('count').notNullable();
    t.timestamp('reset_at', { useTz: true }).notNullable();
  });

  for (const table of ['password_reset_tokens', 'email_verification_tokens']) {
    await knex.schema.createTable(table, (t) => {
      t.increments('id');
      t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
      // Only a SHA-256 hash of the token is stored; the token itself exists only in the e-mail.
      t.text('token').notNullable().unique();
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('used_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  }

  await knex.schema.createTable('forms', (t) => {
    t.increments('id');
    t.text('name').notNullable();
    t.text('description');
    t.text('organization_name');
    t.text('organization_url');
    t.text('logo_filename');
    t.text('logo_url');
    t.jsonb('fields').notNullable().defaultTo('[]');
    t.integer('required_entries_per_image').notNullable().defaultTo(1);
    t.text('webhook_url');
    t.boolean('data_entry_active').notNullable().defaultTo(true);
    t.integer('created_by_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.boolean('is_active').notNullable().defaultTo(true);
  });
  await knex.raw(
    `ALTER TABLE forms ADD CONSTRAINT forms_required_entries_range CHECK (required_entries_per_image BETWEEN 1 AND 10)`,
  );

  await knex.schema.createTable('form_images', (t) => {
    t.increments('id');
    t.integer('form_id').notNullable().references('forms.id').onDelete('CASCADE');
    t.text('filename').notNullable().unique();
    t.text('original_name').notNullable();
    t.text('public_url');
    t.text('thumbnail_filename');
    t.text('thumbnail_url');
    t.text('mime_type').notNullable();
    t.integer('size').notNullable();
    t.integer('thumbnail_size');
    t.integer('rotation').notNullable().defaultTo(0);
    t.boolean('manually_completed').notNullable().defaultTo(false);
    t.integer('completed_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('completed_at', { useTz: true });
    t.timestamp('exported_at', { useTz: true });
    t.integer('exported_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('uploaded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Derived verification state, kept in step with entries in the same transaction (DESIGN.md 3).
    t.integer('entry_count').notNullable().defaultTo(0);
    t.integer('verified_field_count').notNullable().defaultTo(0);
    t.integer('total_field_count').notNullable().defaultTo(0);
    t.jsonb('field_status').notNullable().defaultTo('{}');
    t.integer('no_data_vote_count').notNullable().defaultTo(0);
    t.integer('unreadable_vote_count').notNullable().defaultTo(0);
    t.boolean('is_complete').notNullable().defaultTo(false);
    t.timestamp('last_submission_at', { useTz: true });
    t.index(['form_id', 'id']);
  });

  await knex.schema.createTable('form_invites', (t) => {
    t.increments('id');
    t.integer('form_id').notNullable().references('forms.id').onDelete('CASCADE').index();
    t.text('token').notNullable().unique();
    t.text('access_type').notNullable().defaultTo('anyone');
    t.boolean('requires_email_verification').notNullable().defaultTo(false);
    t.timestamp('expires_at', { useTz: true });
    t.integer('created_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.boolean('is_active').notNullable().defaultTo(true);
  });

  await knex.schema.createTable('form_submissions', (t) => {
    t.increments('id');
    t.integer('form_id').notNullable().references('forms.id').onDelete('CASCADE');
    t.integer('image_id').notNullable().references('form_images.id').onDelete('CASCADE');
    t.integer('submitted_by_id').references('users.id').onDelete('SET NULL');
    t.text('submitted_by_email');
    t.jsonb('data').notNullable().defaultTo('{}');
    t.text('status').notNullable().defaultTo('submitted');
    t.double('confidence');
    t.text('notes');
    t.timestamp('submitted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['image_id', 'submitted_by_id']);
    t.index(['form_id', 'submitted_at']);
  });

  await knex.schema.createTable('field_values', (t) => {
    t.increments('id');
    t.integer('form_id').notNullable().references('forms.id').onDelete('CASCADE');
    t.integer('image_id').notNullable().references('form_images.id').onDelete('CASCADE');
    t.text('field_name').notNullable();
    t.text('value');
    t.integer('submitted_by_id').references('users.id').onDelete('SET NULL');
    t.integer('submission_id').notNullable().references('form_submissions.id').onDelete('CASCADE').index();
    t.timestamp('submitted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['image_id', 'field_name']);
  });

  await knex.schema.createTable('form_access', (t) => {
    t.increments('id');
    t.integer('form_id').notNullable().references('forms.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.integer('invite_id').references('form_invites.id').onDelete('SET NULL');
    t.timestamp('granted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['form_id', 'user_id']);
  });

  await knex.schema.createTable('form_user_blocks', (t) => {
    t.increments('id');
    t.integer('form_id').notNullable().references('forms.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('blocked_by_id').references('users.id').onDelete('SET NULL');
    t.text('reason');
    t.timestamp('blocked_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['form_id', 'user_id']);
  });

  for (const table of ['image_no_data_votes', 'image_unreadable_votes']) {
    await knex.schema.createTable(table, (t) => {
      t.increments('id');
      t.integer('image_id').notNullable().references('form_images.id').onDelete('CASCADE');
      t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
      t.timestamp('voted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.unique(['image_id', 'user_id']);
    });
  }

  await knex.schema.createTable('form_email_campaigns', (t) => {
    t.increments('id');
    t.integer('form_id').notNullable().references('forms.id').onDelete('CASCADE').index();
    t.text('subject').notNullable();
    t.text('sender_name').notNullable();
    t.text('personal_note');
    t.timestamp('metrics_date_start', { useTz: true });
    t.timestamp('metrics_date_end', { useTz: true });
    t.boolean('include_image_stats').notNullable().defaultTo(true);
    t.boolean('include_progress_stats').notNullable().defaultTo(true);
    t.boolean('include_contributor_stats').notNullable().defaultTo(true);
    t.text('target_user_types').notNullable().defaultTo('all');
    t.jsonb('selected_user_ids');
    t.integer('total_recipients').notNullable().defaultTo(0);
    t.integer('sent_count').notNullable().defaultTo(0);
    t.integer('failed_count').notNullable().defaultTo(0);
    t.text('status').notNullable().defaultTo('draft');
    t.integer('sent_by_id').references('users.id').onDelete('SET NULL');
    t.timestamp('sent_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'form_email_campaigns',
    'image_unreadable_votes',
    'image_no_data_votes',
    'form_user_blocks',
    'form_access',
    'field_values',
    'form_submissions',
    'form_invites',
    'form_images',
    'forms',
    'email_verification_tokens',
    'password_reset_tokens',
    'rate_limits',
    'sessions',
    'users',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
