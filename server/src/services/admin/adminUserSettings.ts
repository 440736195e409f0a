/**
 * The administrator's edit of an account: its plan, payment mode and limits. A plan change goes
 * through the same code as every other (billing/planChange.ts): the plan, the subscription's row
 * and a history row, in one transaction, and the limits follow the plan. It moves no money and
 * does not change what the period was paid for, so a granted plan never comes back as a credit.
 *
 * A limit the administrator sets is kept apart as the account's override (policies/entitlements.ts),
 * written by planChange.ts's setLimitOverrides, and outlives plan changes; setting it to the plan's
 * own value clears it, so the account follows its plan again.
 */
import { PLANS, type PlanId } from '@formscribe/common/plans';
import type { AdminUserUpdateRequest, adminUserUpdateRequestSchema } from '@formscribe/common/schemas/admin';
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { AppDeps } from '../../appTypes.ts';
import { User } from '../../models/index.ts';
import { findSubscription } from '../billing/accountSubscription.ts';
import { paymentProviderFor } from '../billing/chooseProvider.ts';
import { announcePlanAfterCommit, applyPlan, type PlanApplication, setLimitOverrides } from '../billing/planChange.ts';
import { lockOwner } from '../forms/formLimits.ts';

export type { AdminUserUpdateRequest };

type AdminUserChanges = z.output<typeof adminUserUpdateRequestSchema>;

async function adminPlanChange(
  deps: AppDeps,
  trx: Knex.Transaction,
  user: User,
  planId: PlanId,
): Promise<PlanApplication> {
  const subscription = await findSubscription(trx, user.id);
  const kept = subscription?.status === 'active' || subscription?.status === 'past_due';
  return {
    planId,
    status: planId === 'free' ? 'canceled' : kept && subscription ? subscription.status : 'active',
    provider: subscription?.provider ?? paymentProviderFor(deps).id,
    billingAnchor: planId === 'free' ? null : (subscription?.billingAnchor ?? null),
    // Free ends the paid period, as any drop to free does: what it was paid for is no longer
    // owed, so a plan granted later cannot be stepped down into a credit for it.
    ...(planId === 'free' ? { paidPlan: 'free' as const } : {}),
    entry: {
      type: 'activity',
      source: 'formscribe',
      description: `Plan set to ${PLANS[planId].name} by the administrator`,
      amountCents: 0,
      status: 'completed',
    },
  };
}

/**
 * Applies the given settings in one transaction with the account locked. Limits are read from the
 * account by every check (uploads, activating forms), so they hold from the next request; the
 * account's open tabs get the new user on its own channel, so its screens show the new plan and
 * limits without signing in again.
 */
export async function updateUserAsAdmin(deps: AppDeps, user: User, changes: AdminUserChanges): Promise<User> {
  return deps.knex.transaction(async (trx) => {
    const locked = await lockOwner(trx, user.id);
    const planId = changes.subscriptionStatus ?? locked.plan;
    if (planId !== locked.plan) {
      await applyPlan(trx, user.id, await adminPlanChange(deps, trx, locked, planId));
    }
    await setLimitOverrides(trx, user.id, planId, changes);
    const updated =
      changes.stripeTestMode === undefined
        ? await User.query(trx).findById(user.id).throwIfNotFound()
        : await User.query(trx).patchAndFetchById(user.id, { stripeTestMode: changes.stripeTestMode });
    announcePlanAfterCommit(deps, trx, updated);
    return updated;
  });
}
