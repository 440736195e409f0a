import type { PlanId } from '@formscribe/common/plans';
import { BaseModel } from './BaseModel.ts';

export type SubscriptionState = 'active' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete';
/** 'none': a deployment that takes no payments recorded the change (services/billing/paymentsOff.ts). */
export type BillingProviderId = 'test' | 'stripe' | 'none';

/** An account's subscription besides its plan (users.plan): state, period, credit. */
export class Subscription extends BaseModel {
  static override tableName = 'subscriptions';
  static override idColumn = 'userId';

  declare userId: number;
  declare status: SubscriptionState;
  declare provider: BillingProviderId;
  /** Monthly periods count from here (services/billing/proration.ts); null when not subscribed. */
  declare billingAnchor: Date | null;
  /**
   * The plan the money paid for the current period covers ('free': nothing paid). Proration counts
   * from it, not from the plan the account is on, so a plan the administrator granted never turns
   * into a credit (services/billing/subscriptionChanges.ts).
   */
  declare paidPlan: PlanId;
  /** The test provider's credit from downgrades, spent on its next charge first (Stripe keeps its own balance). */
  declare creditBalanceCents: number;
  /** Counts plan changes; part of every billing operation's idempotency key. */
  declare version: number;
  declare updatedAt: Date;
}
