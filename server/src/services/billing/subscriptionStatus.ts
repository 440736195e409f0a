/** GET /api/subscription-status: the account's plan, its subscription's state and the provider serving it. */
import type { PlanId } from '@formscribe/common/plans';
import type { SUBSCRIPTION_STATES } from '@formscribe/common/schemas/billing';
import type { AppDeps } from '../../appTypes.ts';
import type { User } from '../../models/index.ts';
import { paymentProviderFor } from './chooseProvider.ts';
import type { PaymentMode, ProviderId } from './paymentProvider.ts';
import { monthlyPeriodContaining } from './proration.ts';
import { findSubscription } from './subscriptionState.ts';

export interface SubscriptionStatusView {
  status: (typeof SUBSCRIPTION_STATES)[number];
  plan: PlanId;
  mode: PaymentMode;
  provider: ProviderId;
  publishableKey: string | null;
  currentPeriodEnd: Date | null;
}

export async function readSubscriptionStatus(deps: AppDeps, user: User): Promise<SubscriptionStatusView> {
  const provider = paymentProviderFor(deps);
  const subscription = await findSubscription(deps.knex, user.id);
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
