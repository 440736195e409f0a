/**
 * Small reads over Stripe's subscription and invoice objects, shared by the provider and the
 * webhook. The API version stripe-node pins puts the client secret of an invoice's payment on
 * `invoice.confirmation_secret` (returned only when expanded) and the subscription of an invoice
 * under `invoice.parent.subscription_details`.
 */
import Stripe from 'stripe';
import type { User } from '../../models/index.ts';
import type { StripeAccount } from './stripeAccounts.ts';

/** What every call that reads back a subscription expands: its latest invoice and that invoice's secret. */
export const WITH_LATEST_INVOICE_SECRET = ['latest_invoice.confirmation_secret'];

export function latestInvoice(subscription: Stripe.Subscription): Stripe.Invoice | undefined {
  const invoice = subscription.latest_invoice;
  return invoice && typeof invoice === 'object' ? invoice : undefined;
}

/** The client secret the client's payment form confirms, when the latest invoice is still to be paid. */
export function clientSecretToPay(subscription: Stripe.Subscription): string | null {
  const invoice = latestInvoice(subscription);
  if (invoice?.status !== 'open') return null;
  return invoice.confirmation_secret?.client_secret ?? null;
}

/** The subscription an invoice bills, if any. */
export function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | undefined {
  const subscription = invoice.parent?.subscription_details?.subscription;
  if (!subscription) return undefined;
  return typeof subscription === 'string' ? subscription : subscription.id;
}

/** An id from a field Stripe may return as an id or as the expanded object. */
export function idOf(value: string | { id: string } | null | undefined): string | undefined {
  if (!value) return undefined;
  return typeof value === 'string' ? value : value.id;
}

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

/** The subscription as Stripe has it now, or undefined when Stripe does not know it (in this mode). */
export async function retrieveSubscription(
  account: StripeAccount,
  subscriptionId: string,
): Promise<Stripe.Subscription | undefined> {
  try {
    return await account.stripe.subscriptions.retrieve(subscriptionId, { expand: WITH_LATEST_INVOICE_SECRET });
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/**
 * The user's Stripe customer in the account's mode: the stored one if Stripe still knows it there,
 * else a new one (a user switched between test and live mode has a customer in each). The
 * idempotency key makes a retried or doubled first payment create one customer.
 */
export async function ensureCustomer(account: StripeAccount, user: User, idempotencyKey: string): Promise<string> {
  if (user.stripeCustomerId) {
    try {
      const customer = await account.stripe.customers.retrieve(user.stripeCustomerId);
      if (!customer.deleted) return customer.id;
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
  const customer = await account.stripe.customers.create(
    {
      email: user.username,
      ...(user.name ? { name: user.name } : {}),
      metadata: { formscribe_user_id: String(user.id) },
    },
    { idempotencyKey: `${idempotencyKey}:customer` },
  );
  return customer.id;
}

/** A credit Stripe issued (a negative invoice total), in positive integer cents; 0 when none. */
export function creditOf(invoice: Stripe.Invoice | undefined): number {
  return invoice && invoice.total < 0 ? -invoice.total : 0;
}
