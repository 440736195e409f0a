/**
 * What a checkout visit is for, decided before any call (spec sections 4 and 5): only a paid plan
 * can be checked out; a visit for the plan the user is already on, or a new subscription while a
 * paid plan is active, is turned back to /billing.
 */
import type { Translator } from '@formscribe/common/i18n/translator';
import { PLANS, type PlanId } from '@formscribe/common/plans';
import type { MessageKey } from '../../i18n/messageKeys.ts';
import type { CheckoutSearch } from './checkoutSearch.ts';

export type CheckoutPlanId = Exclude<PlanId, 'free'>;

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

export const CHECKOUT_TITLES = {
  subscribe: 'account.checkout.title.subscribe',
  upgrade: 'account.checkout.title.upgrade',
  downgrade: 'account.checkout.title.downgrade',
} as const satisfies Record<CheckoutIntent, MessageKey>;

/** Why this visit has nothing to do, as a toast, or null when checkout should go ahead. */
export function nothingToDo(
  currentPlan: PlanId,
  planId: CheckoutPlanId,
  intent: CheckoutIntent,
  { t }: Pick<Translator<MessageKey>, 't'>,
): { title: string; description: string } | null {
  if (currentPlan === planId) {
    return {
      title: t('account.checkout.noChangeNeeded'),
      description: t('account.checkout.alreadyOnPlan', { plan: PLANS[planId].name }),
    };
  }
  if (intent === 'subscribe' && currentPlan !== 'free') {
    return {
      title: t('account.checkout.activeSubscription'),
      description: t('account.checkout.alreadySubscribed', { plan: PLANS[currentPlan].name }),
    };
  }
  return null;
}
