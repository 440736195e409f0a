/**
 * The one writer of an account's plan and limits. Applying a plan: the plan (users.plan), the
 * subscription's state, and the billing-history row that records the change, all in the caller's
 * one transaction. Every path that changes a plan ends here: a test payment confirmed, an upgrade
 * completed, a downgrade, Stripe's webhook, the drop to free, the super administrator's edit. New
 * accounts and the super administrator's own take their plan and limits from here too.
 *
 * The limits follow the plan (policies/entitlements.ts), except those the super administrator set
 * on the account (the *_override columns, written only by setLimitOverrides), which outlive plan
 * changes until the administrator clears them.
 */
import { FREE_PLAN, type PlanId, type PlanLimits, planLimits, SUPER_ADMIN_LIMITS } from '@formscribe/common/plans';
import type { Knex } from 'knex';
import type { AppDeps } from '../../appTypes.ts';
import { User } from '../../models/index.ts';
import type { SubscriptionState } from '../../models/Subscription.ts';
import { eventsOf } from '../events/domainEventRecorder.ts';
import { type NewBillingEntry, recordBillingEntry } from './billingHistory.ts';
import type { ProviderId } from './paymentProvider.ts';

const OVERRIDE_COLUMNS = {
  activeFormLimit: 'activeFormLimitOverride',
  imageCountLimitPerForm: 'imageCountLimitPerFormOverride',
  imageSizeLimitMB: 'imageSizeLimitMbOverride',
} as const satisfies Record<keyof PlanLimits, keyof User>;

type OverrideColumns = Partial<Pick<User, (typeof OVERRIDE_COLUMNS)[keyof PlanLimits]>>;

const LIMIT_KEYS: ReadonlyArray<keyof PlanLimits> = ['activeFormLimit', 'imageCountLimitPerForm', 'imageSizeLimitMB'];

/** The override columns for the limits given: null (follow the plan) where one equals `planId`'s. */
function overrideColumns(limits: Partial<PlanLimits>, planId: PlanId): OverrideColumns {
  const plan = planLimits(planId);
  const columns: OverrideColumns = {};
  for (const key of LIMIT_KEYS) {
    const value = limits[key];
    if (value !== undefined) columns[OVERRIDE_COLUMNS[key]] = value === plan[key] ? null : value;
  }
  return columns;
}

/** A new account: the free plan, following its limits. */
export const NEW_ACCOUNT_PLAN = { plan: FREE_PLAN.id } as const satisfies Partial<User>;

/** The super administrator's account when created: the free plan, with SUPER_ADMIN_LIMITS as its own limits. */
export const SUPER_ADMIN_ACCOUNT_PLAN = {
  plan: FREE_PLAN.id,
  ...overrideColumns(SUPER_ADMIN_LIMITS, FREE_PLAN.id),
} as const satisfies Partial<User>;

/**
 * The administrator's own limits for the (locked) account on `planId`, the plan it is on after
 * this change. A limit equal to that plan's clears the override, so the account follows its plan
 * again; limits not given stay as they are.
 */
export async function setLimitOverrides(
  trx: Knex.Transaction,
  userId: number,
  planId: PlanId,
  limits: Partial<PlanLimits>,
): Promise<void> {
  const columns = overrideColumns(limits, planId);
  if (Object.keys(columns).length > 0) await User.query(trx).findById(userId).patch(columns);
}

export interface PlanApplication {
  planId: PlanId;
  /** The subscription's state after the change ('canceled' or 'unpaid' for an account dropped to free). */
  status: SubscriptionState;
  provider: ProviderId;
  /**
   * When the monthly periods count from: a new subscription starts now, a change between paid
   * plans keeps the anchor, free has none.
   */
  billingAnchor: Date | null;
  /** The history row recorded with the change. */
  entry: NewBillingEntry;
  /**
   * The plan the money paid for the current period now covers, when the change moved money (or
   * ended the subscription: 'free'). Omitted, it stays as it was: a plan the administrator grants
   * pays for nothing, so it can never come back as a credit.
   */
  paidPlan?: PlanId;
}

/** Applies the plan to the (locked) user in `trx`; returns the updated user. Bumps the subscription's version. */
export async function applyPlan(trx: Knex.Transaction, userId: number, application: PlanApplication): Promise<User> {
  const user = await User.query(trx).patchAndFetchById(userId, { plan: application.planId });
  const paidPlan = application.paidPlan === undefined ? {} : { paidPlan: application.paidPlan };
  // Plain knex: the version counts up in SQL, which objection's typed patch cannot express.
  await trx('subscriptions')
    .insert({
      userId,
      status: application.status,
      provider: application.provider,
      billingAnchor: application.billingAnchor,
      version: 1,
      ...paidPlan,
    })
    .onConflict('userId')
    .merge({
      status: application.status,
      provider: application.provider,
      billingAnchor: application.billingAnchor,
      ...paidPlan,
      version: trx.raw('subscriptions.version + 1'),
      updatedAt: trx.fn.now(),
    });
  await recordBillingEntry(trx, userId, application.entry);
  return user;
}

/**
 * Tells the user's open pages about the new plan and limits, once the transaction that changed
 * them has committed (a rolled-back change announces nothing).
 */
export function announcePlanAfterCommit(deps: AppDeps, trx: Knex.Transaction, user: User): void {
  eventsOf(deps, trx).record({ type: 'user-updated', user });
}
