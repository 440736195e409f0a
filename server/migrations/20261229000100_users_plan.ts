/**
 * The account's plan gets its own name: users.plan (issue 26). users.subscription_status held the
 * PLAN, while subscriptions.status holds a subscription's state; the two names read as one thing.
 * The API keeps calling the plan `subscriptionStatus` (the presenter maps it).
 *
 * Not a bare RENAME: during a rolling restart the previous release's nodes keep reading and
 * writing subscription_status (docs/operations.md: a migration must suit the old code too). So the
 * new column is added with the same values, and a trigger keeps the two in step whichever one a
 * statement writes. A later release drops subscription_status and the trigger.
 */
import { PLAN_IDS } from '@formscribe/common/plans';
import type { Knex } from 'knex';

const PLAN_LIST_SQL = PLAN_IDS.map((id) => `'${id}'`).join(', ');

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.text('plan').notNullable().defaultTo('free');
  });
  await knex.raw(`ALTER TABLE users ADD CONSTRAINT users_plan_check CHECK (plan IN (${PLAN_LIST_SQL}))`);
  await knex.raw(`UPDATE users SET plan = subscription_status WHERE plan <> subscription_status`);
  // Both columns default to 'free', so an insert that names only one of them sets it to a paid
  // plan or leaves both free; an update changes the column it names, and the other follows.
  await knex.raw(`
    CREATE FUNCTION users_plan_in_step() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        IF NEW.plan <> 'free' THEN NEW.subscription_status := NEW.plan;
        ELSE NEW.plan := NEW.subscription_status;
        END IF;
      ELSIF NEW.plan IS DISTINCT FROM OLD.plan THEN
        NEW.subscription_status := NEW.plan;
      ELSIF NEW.subscription_status IS DISTINCT FROM OLD.subscription_status THEN
        NEW.plan := NEW.subscription_status;
      END IF;
      RETURN NEW;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER users_plan_in_step BEFORE INSERT OR UPDATE OF plan, subscription_status ON users
    FOR EACH ROW EXECUTE FUNCTION users_plan_in_step()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER users_plan_in_step ON users');
  await knex.raw('DROP FUNCTION users_plan_in_step()');
  await knex.raw(`UPDATE users SET subscription_status = plan WHERE subscription_status <> plan`);
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('plan');
  });
}
