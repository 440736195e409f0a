/**
 * The Stripe objects the stand-in keeps, shaped as Stripe's API (version pinned by stripe-node)
 * returns them, trimmed to the fields the app or a test reads. Each object remembers whether a
 * test or a live key made it: as in Stripe, the two modes are separate worlds.
 */
import { randomBytes } from 'node:crypto';

export interface StandInCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  livemode: boolean;
  /** Negative: credit the customer has with us (proration credits land here). */
  balance: number;
  created: number;
  invoice_settings: { default_payment_method: string | null };
}

export interface StandInPrice {
  id: string;
  object: 'price';
  active: boolean;
  currency: string;
  unit_amount: number;
  lookup_key: string | null;
  recurring: { interval: string; interval_count: number };
  product: string;
  livemode: boolean;
  metadata: Record<string, string>;
  type: 'recurring';
}

export interface StandInSubscriptionItem {
  id: string;
  object: 'subscription_item';
  price: StandInPrice;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
  subscription: string;
}

export type SubscriptionStatus = 'incomplete' | 'incomplete_expired' | 'active' | 'past_due' | 'unpaid' | 'canceled';

export interface StandInSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: SubscriptionStatus;
  livemode: boolean;
  metadata: Record<string, string>;
  billing_cycle_anchor: number;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  latest_invoice: string | null;
  /** Set while an update made with payment_behavior=pending_if_incomplete waits for its payment. */
  pending_update: { expires_at: number; subscription_items: Array<{ id: string; price: string }> } | null;
  items: { object: 'list'; data: StandInSubscriptionItem[]; has_more: false; url: string };
}

export interface StandInInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  livemode: boolean;
  status: 'open' | 'paid' | 'void' | 'uncollectible';
  billing_reason: 'subscription_create' | 'subscription_update' | 'subscription_cycle' | 'subscription_cancel';
  currency: string;
  /** Negative for a credit (a downgrade's unused time). */
  total: number;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  created: number;
  hosted_invoice_url: string;
  invoice_pdf: string;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
  status_transitions: { paid_at: number | null };
  attempt_count: number;
  /** Stripe returns it only when asked to expand it (an "includable" field). */
  confirmation_secret?: { client_secret: string; type: 'payment_intent' } | null;
}

export interface StandInPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  customer: string;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  client_secret: string;
  livemode: boolean;
  created: number;
}

export interface StandInEvent {
  id: string;
  object: 'event';
  api_version: string;
  type: string;
  created: number;
  livemode: boolean;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: object };
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export const stripeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** One month from `start`, as Stripe's monthly billing anchor would. */
export function monthAfter(start: number): number {
  const date = new Date(start * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

export function newInvoice(
  subscription: StandInSubscription,
  total: number,
  reason: StandInInvoice['billing_reason'],
): StandInInvoice {
  const id = stripeId('in');
  return {
    id,
    object: 'invoice',
    customer: subscription.customer,
    livemode: subscription.livemode,
    status: 'open',
    billing_reason: reason,
    currency: 'usd',
    total,
    amount_due: Math.max(total, 0),
    amount_paid: 0,
    amount_remaining: Math.max(total, 0),
    created: nowSeconds(),
    hosted_invoice_url: `https://invoice.stripe.test/${id}`,
    invoice_pdf: `https://invoice.stripe.test/${id}/pdf`,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
    },
    status_transitions: { paid_at: null },
    attempt_count: 0,
  };
}

export function newPaymentIntent(invoice: StandInInvoice): StandInPaymentIntent {
  const id = stripeId('pi');
  return {
    id,
    object: 'payment_intent',
    amount: invoice.amount_due,
    currency: invoice.currency,
    customer: invoice.customer,
    status: 'requires_payment_method',
    client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
    livemode: invoice.livemode,
    created: nowSeconds(),
  };
}

/** A Stripe error body, as stripe-node turns it into a StripeError of the same type and code. */
export function stripeError(status: number, type: string, message: string, code?: string) {
  return { status, body: { error: { type, message, ...(code ? { code } : {}) } } };
}
