/**
 * Limits follow the plan; the administrator's own limits are kept apart (issue 24).
 *
 * - users.*_override: a limit the administrator set for this account, or null to follow the
 *   plan. The limit that holds is `override ?? the plan's` (common/plans.ts, effectiveLimits), so
 *   a plan change can never leave the old plan's limits behind, and an administrator's own limit
 *   survives plan changes. Accounts whose stored limits differ from their plan's keep them as
 *   overrides; the others follow their plan from now on.
 *   The old columns (active_form_limit, image_count_limit_per_form, image_size_limit_mb) are no
 *   longer read or written. They stay for the nodes of the previous release that keep running
 *   during a rolling restart (docs/operations.md); a later release drops them.
 * - subscriptions.paid_plan: the plan the money paid for the current period covers ('free' when
 *   nothing was paid). A plan the administrator grants does not change it, so a downgrade credits
 *   at most what was paid (services/billing/subscriptionChanges.ts). Existing paid subscriptions
 *   count as paid for the plan they are on.
 * - subscriptions.provider may be 'none': a deployment that takes no payments (production without
 *   Stripe keys) still records an account's drop to free or its downgrade.
 */
import { PLAN_IDS, PLANS } from '@formscribe/common/plans';
import type { Knex } from 'knex';

/** `CASE subscription_status WHEN 'free' THEN 1 ... END` for one limit of the plan table. */
function planValue(limit: 'activeForms' | 'imagesPerForm' | 'imageSizeMb'): string {
  const whens = PLAN_IDS.map((id) => `WHEN '${id}' THEN ${PLANS[id][limit]}`).join(' ');
  return `CASE subscription_status ${whens} END`;
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.integer('active_form_limit_override');
    t.integer('image_count_limit_per_form_override');
    t.double('image_size_limit_mb_override');
  });
  await knex.raw(`
    UPDATE users SET
      active_form_limit_override =
        CASE WHEN active_form_limit <> ${planValue('activeForms')} THEN active_form_limit END,
      image_count_limit_per_form_override =
        CASE WHEN image_count_limit_per_form <> ${planValue('imagesPerForm')} THEN image_count_limit_per_form END,
      image_size_limit_mb_override =
        CASE WHEN image_size_limit_mb <> ${planValue('imageSizeMb')} THEN image_size_limit_mb END`);

  await knex.schema.alterTable('subscriptions', (t) => {
    t.text('paid_plan').notNullable().defaultTo('free');
  });
  await knex.raw(
    `ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_paid_plan_check
       CHECK (paid_plan IN (${PLAN_IDS.map((id) => `'${id}'`).join(', ')}))`,
  );
  await knex.raw(`
    UPDATE subscriptions s SET paid_plan = u.subscription_status
    FROM users u
    WHERE u.id = s.user_id AND s.billing_anchor IS NOT NULL AND s.status IN ('active', 'past_due')`);
  await knex.raw(`ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_provider_check`);
  await knex.raw(
    `ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_provider_check CHECK (provider IN ('test', 'stripe', 'none'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_provider_check`);
  await knex.raw(`UPDATE subscriptions SET provider = 'test' WHERE provider = 'none'`);
  await knex.raw(
    `ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_provider_check CHECK (provider IN ('test', 'stripe'))`,
  );
  await knex.schema.alterTable('subscriptions', (t) => {
    t.dropColumn('paid_plan');
  });
  // The old columns take the limits that held (the override, else the plan's) back.
  await knex.raw(`
    UPDATE users SET
      active_form_limit = coalesce(active_form_limit_override, ${planValue('activeForms')}),
      image_count_limit_per_form = coalesce(image_count_limit_per_form_override, ${planValue('imagesPerForm')}),
      image_size_limit_mb = coalesce(image_size_limit_mb_override, ${planValue('imageSizeMb')})`);
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('active_form_limit_override');
    t.dropColumn('image_count_limit_per_form_override');
    t.dropColumn('image_size_limit_mb_override');
  });
}
