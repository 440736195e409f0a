/**
 * Reading an account's subscription (the subscriptions row; the plan itself is users.plan): its
 * current monthly period, the plan the period was paid for, the idempotency key of the next
 * billing operation, and the status GET /api/subscription-status answers. A billing change reads
 * the row inside its transaction after the user's row was locked (lockOwner), so two requests of
 * one account never interleave.
 */
import { PLANS, type Plan, type PlanId } from '@formscribe/common/plans';
import type { SUBSCRIPTION_STATES } from '@formscribe/common/schemas/billing';
import type { Knex } from 'knex';
import type { User } from '../../models/index.ts';
import { Subscription } from '../../models/Subscription.ts';
import type { BillingPeriod, PaymentMode, PaymentProvider, ProviderId } from './paymentProvider.ts';
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

export interface SubscriptionStatusView {
  status: (typeof SUBSCRIPTION_STATES)[number];
  plan: PlanId;
  mode: PaymentMode;
  provider: ProviderId;
  publishableKey: string | null;
  currentPeriodEnd: Date | null;
}

/**
 * GET /api/subscription-status: the account's plan, its subscription's state and the provider
 * serving it (chooseProvider.ts's, passed in: the providers read subscriptions through this file).
 */
export async function readSubscriptionStatus(
  knex: Knex,
  provider: PaymentProvider,
  user: User,
): Promise<SubscriptionStatusView> {
  const subscription = await findSubscription(knex, user.id);
  const paid = user.plan !== 'free';
  // A paid plan with no subscription row was granted by the administrator: active, unbilled.
  const status = subscription?.status ?? (paid ? 'active' : 'none');
  const anchor = paid ? subscription?.billingAnchor : null;
  return {
    status,
    plan: user.plan,
    mode: provider.modeFor(user),
    provider: provider.id,
    publishableKey: provider.publishableKeyFor(user),
    currentPeriodEnd: anchor ? monthlyPeriodContaining(anchor, new Date()).end : null,
  };
}
