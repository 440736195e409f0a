/**
 * Where each account has signed in successfully: browsers (by the hash of their device cookie's
 * token) and addresses. The sign-in limits let these through when an attacker elsewhere has used
 * up the account-wide allowance, so an attack slows strangers down without locking the owner out.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('known_login_sources', (t) => {
    t.bigIncrements('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('kind').notNullable();
    // The device token's SHA-256 (never the token), or the IP address as the app sees it.
    t.text('fingerprint').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_success_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['user_id', 'kind', 'fingerprint']);
  });
  // A presented device token is looked up by itself (was it issued by us, for any account?).
  await knex.raw(
    `CREATE INDEX known_login_sources_device_fingerprint_index ON known_login_sources (fingerprint) WHERE kind = 'device'`,
  );
  await knex.raw(
    `ALTER TABLE known_login_sources ADD CONSTRAINT known_login_sources_kind_check
       CHECK (kind IN ('device', 'ip'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('known_login_sources');
}
