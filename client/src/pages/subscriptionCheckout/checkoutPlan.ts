/**
 * What a checkout visit is for, decided before any call (spec sections 4 and 5): only a paid plan
 * can be checked out; a visit for the plan the user is already on, or a new subscription while a
 * paid plan is active, is turned back to /billing.
 */
import { PLANS, type PlanId } from '@formscribe/common/plans';
import type { CheckoutSearch } from './checkoutSearch.ts';

export type CheckoutPlanId = Exclude<PlanId, 'free'>;

export const INVALID_PLAN_MESSAGE = 'Invalid plan selected';

/** Delays before moving on to /billing (spec section 9). */
export const BILLING_REDIRECT_DELAY_MS = { afterPayment: 2500, noPaymentNeeded: 1500, nothingToDo: 1500 } as const;

export function checkoutPlanId(plan: string | undefined): CheckoutPlanId | null {
  return plan === 'starter' || plan === 'professional' ? plan : null;
}

export type CheckoutIntent = 'subscribe' | 'upgrade' | 'downgrade';

export function checkoutIntent(search: CheckoutSearch): CheckoutIntent {
  if (search.downgrade === 'true') return 'downgrade';
  if (search.upgrade === 'true') return 'upgrade';
  return 'subscribe';
}

export const CHECKOUT_TITLES: Record<CheckoutIntent, string> = {
  subscribe: 'Complete Your Subscription',
  upgrade: 'Upgrade Your Subscription',
  downgrade: 'Downgrade Your Subscription',
};

/** Why this visit has nothing to do, as a toast, or null when checkout should go ahead. */
export function nothingToDo(
  currentPlan: PlanId,
  planId: CheckoutPlanId,
  intent: CheckoutIntent,
): { title: string; description: string } | null {
  if (currentPlan === planId) {
    return { title: 'No Plan Change Needed', description: `You are already on the ${PLANS[planId].name} plan.` };
  }
  if (intent === 'subscribe' && currentPlan !== 'free') {
    return {
      title: 'Active Subscription',
      description: `You already have an active ${PLANS[currentPlan].name} subscription. Change plans from the billing page.`,
    };
  }
  return null;
}
