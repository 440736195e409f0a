/**
 * Each paid plan's monthly price in Stripe, found by a lookup key that carries the plan and its
 * amount (`formscribe_starter_1900_usd_month`). The plan table in common/ stays the one source:
 * nothing has to be set up in the Stripe dashboard, and when a price changes in the table a new
 * Stripe price is made under the new key (subscriptions keep the price they were sold at until
 * changed). The price's metadata names the plan, which is how a subscription read back from
 * Stripe (a webhook) tells which plan it is.
 */
import { PLAN_IDS, type Plan, type PlanId } from '@formscribe/common/plans';
import type Stripe from 'stripe';
import type { StripeAccount } from './stripeAccounts.ts';

const PLAN_METADATA_KEY = 'formscribe_plan';

const lookupKeyFor = (plan: Plan) => `formscribe_${plan.id}_${plan.monthlyPriceCents}_usd_month`;

export class StripePrices {
  // Price ids never change for a lookup key, so each process asks Stripe once per mode and plan.
  private readonly known = new Map<string, string>();

  /** The Stripe price id of `plan` in the account's mode, made on first use. */
  async priceIdFor(account: StripeAccount, plan: Plan): Promise<string> {
    const lookupKey = lookupKeyFor(plan);
    const cacheKey = `${account.mode} ${lookupKey}`;
    const cached = this.known.get(cacheKey);
    if (cached) return cached;
    const found = await account.stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    const price =
      found.data[0] ??
      (await account.stripe.prices.create(
        {
          currency: 'usd',
          unit_amount: plan.monthlyPriceCents,
          recurring: { interval: 'month' },
          lookup_key: lookupKey,
          product_data: { name: `Formscribe ${plan.name}` },
          metadata: { [PLAN_METADATA_KEY]: plan.id },
        },
        // Two nodes making the same price at once get one.
        { idempotencyKey: `formscribe-price-${lookupKey}` },
      ));
    this.known.set(cacheKey, price.id);
    return price.id;
  }
}

const isPlanId = (value: string | undefined): value is PlanId => PLAN_IDS.some((id) => id === value);

/** The plan a Stripe subscription is for (its first item's price), or undefined if it is not one of ours. */
export function planOfSubscription(subscription: Stripe.Subscription): PlanId | undefined {
  const planId = subscription.items.data[0]?.price.metadata[PLAN_METADATA_KEY];
  return isPlanId(planId) ? planId : undefined;
}
