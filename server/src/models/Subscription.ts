import { BaseModel } from './BaseModel.ts';

export type SubscriptionState = 'active' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete';
export type BillingProviderId = 'test' | 'stripe';

/** An account's subscription besides its plan (users.subscription_status): state, period, credit. */
export class Subscription extends BaseModel {
  static override tableName = 'subscriptions';
  static override idColumn = 'userId';

  declare userId: number;
  declare status: SubscriptionState;
  declare provider: BillingProviderId;
  /** Monthly periods count from here (services/billing/proration.ts); null when not subscribed. */
  declare billingAnchor: Date | null;
  /** The test provider's credit from downgrades, spent on its next charge first (Stripe keeps its own balance). */
  declare creditBalanceCents: number;
  /** Counts plan changes; part of every billing operation's idempotency key. */
  declare version: number;
  declare updatedAt: Date;
}
