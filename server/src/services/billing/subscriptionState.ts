/**
 * Reading an account's subscription row: its current monthly period, and the idempotency key of
 * the next billing operation. The row is read inside the caller's transaction after the user's
 * row was locked (lockOwner), so two requests of one account never interleave.
 */
import { PLANS, type Plan, type PlanId } from '@formscribe/common/plans';
import type { Knex } from 'knex';
import { Subscription } from '../../models/Subscription.ts';
import type { BillingPeriod } from './paymentProvider.ts';
import { addMonths, monthlyPeriodContaining } from './proration.ts';

export async function findSubscription(
  trx: Knex.Transaction | Knex,
  userId: number,
): Promise<Subscription | undefined> {
  return await Subscription.query(trx).where({ userId }).first();
}

/**
 * The monthly period a change at `at` is prorated over: counted from the subscription's anchor;
 * a paid plan without one (set by the administrator, never paid for) starts a full period now.
 */
export function currentPeriod(subscription: Subscription | undefined, at: Date): BillingPeriod {
  const anchor = subscription?.billingAnchor;
  return anchor ? monthlyPeriodContaining(anchor, at) : { start: at, end: addMonths(at, 1) };
}

/**
 * What the current period was paid for: proration charges and credits count from this plan's
 * price, never from a plan the administrator granted (which paid for nothing).
 */
export function paidPlanOf(subscription: Subscription | undefined): Plan {
  return PLANS[subscription?.paidPlan ?? 'free'];
}

/**
 * The same for a double click or a retry of one operation, new for the next: the subscription's
 * version changes with every plan change.
 */
export function operationKey(
  operation: 'subscribe' | 'upgrade' | 'complete-upgrade' | 'downgrade',
  userId: number,
  subscription: Subscription | undefined,
  from: PlanId,
  to: PlanId,
): string {
  return `formscribe-${operation}-u${userId}-v${subscription?.version ?? 0}-${from}-${to}`;
}
