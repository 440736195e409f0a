/**
 * Applies one verified Stripe webhook event. Stripe sends events at least once and in no
 * guaranteed order, so:
 * - the event id is stored (stripe_events) in the same transaction as its effect: a second
 *   delivery finds it and changes nothing; a failed one rolls back and Stripe's retry applies;
 * - the event's snapshot is not trusted for state: with the account's row locked, the
 *   subscription is read from Stripe as it is NOW and the account is brought to that state.
 *   Whatever order `updated`, `deleted`, `invoice.paid` arrive in, the last one to be applied
 *   leaves what Stripe says, and applying the same state twice is a no-op;
 * - the event's own record (a paid or failed invoice) goes to the billing history, once per
 *   invoice and kind (its external key).
 */
import type { Knex } from 'knex';
import type Stripe from 'stripe';
import type { AppDeps } from '../../appTypes.ts';
import { User } from '../../models/index.ts';
import type { StripeAccounts } from './stripeAccounts.ts';
import { recordInvoiceEvent, syncAccountWithSubscription } from './stripeSubscriptionSync.ts';
import { idOf, retrieveSubscription, subscriptionIdOfInvoice } from './stripeSubscriptions.ts';

export type StripeEventOutcome = 'applied' | 'duplicate' | 'ignored';

/** Whose event it is, and about which subscription when the event names one. */
interface EventSubject {
  customerId: string | undefined;
  subscriptionId: string | undefined;
  invoice?: Stripe.Invoice;
}

function subjectOf(event: Stripe.Event): EventSubject | undefined {
  switch (event.type) {
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      return { customerId: idOf(invoice.customer), subscriptionId: subscriptionIdOfInvoice(invoice), invoice };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      return { customerId: idOf(subscription.customer), subscriptionId: subscription.id };
    }
    case 'payment_intent.succeeded':
      // A payment intent no longer names its invoice: the account's current subscription is read.
      return { customerId: idOf(event.data.object.customer), subscriptionId: undefined };
    default:
      return undefined;
  }
}

/** Stores the event id; false when it was already there (applied before, or being applied right now). */
async function firstDelivery(trx: Knex.Transaction, event: Stripe.Event): Promise<boolean> {
  const inserted = await trx('stripe_events')
    .insert({ id: event.id, type: event.type, livemode: event.livemode })
    .onConflict('id')
    .ignore()
    .returning('id');
  return inserted.length > 0;
}

export async function applyStripeEvent(
  deps: AppDeps,
  accounts: StripeAccounts,
  event: Stripe.Event,
): Promise<StripeEventOutcome> {
  const subject = subjectOf(event);
  const account = accounts.forMode(event.livemode ? 'live' : 'test');
  return deps.knex.transaction(async (trx) => {
    if (!(await firstDelivery(trx, event))) return 'duplicate';
    if (!subject?.customerId || !account) return 'ignored';
    // Locked: the account's events (and its own billing requests) are applied one at a time, each
    // reading Stripe after the previous one committed.
    const user = await User.query(trx).findOne({ stripeCustomerId: subject.customerId }).forUpdate();
    if (!user) return 'ignored';
    if (subject.invoice) await recordInvoiceEvent(trx, user, event.type, subject.invoice);
    const subscriptionId = subject.subscriptionId ?? user.stripeSubscriptionId;
    // An event about a subscription the account has since left (a checkout abandoned for another
    // plan, one cancelled by a downgrade to free) must not move the account.
    if (!subscriptionId || subscriptionId !== user.stripeSubscriptionId) return 'applied';
    const current = await retrieveSubscription(account, subscriptionId);
    if (current) await syncAccountWithSubscription(trx, deps, user, current);
    return 'applied';
  });
}
