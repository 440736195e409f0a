/**
 * Brings an account to the state of its Stripe subscription as Stripe reports it now, and records
 * what a Stripe invoice event says happened. Called by the webhook inside its transaction, with
 * the account's row locked. Bringing an account to the state it already has changes nothing, so
 * events applied twice or out of order cannot move an account back.
 */
import { PLANS, type PlanId } from '@formscribe/common/plans';
import type { Knex } from 'knex';
import type Stripe from 'stripe';
import type { AppDeps } from '../../appTypes.ts';
import type { User } from '../../models/index.ts';
import { Subscription } from '../../models/Subscription.ts';
import { findSubscription } from './accountSubscription.ts';
import { dollars, recordBillingEntry } from './billingHistory.ts';
import { dropToFree } from './dropToFree.ts';
import { announcePlanAfterCommit, applyPlan } from './planChange.ts';
import { planOfSubscription } from './stripePrices.ts';

const INVOICE_DESCRIPTIONS: Record<string, string> = {
  subscription_create: 'Subscription payment',
  subscription_cycle: 'Monthly renewal',
  subscription_update: 'Prorated plan change',
};

/** A paid invoice becomes a payment row, a failed attempt a failure row; each once (external key). */
export async function recordInvoiceEvent(
  trx: Knex.Transaction,
  user: User,
  eventType: string,
  invoice: Stripe.Invoice,
): Promise<void> {
  const what = INVOICE_DESCRIPTIONS[invoice.billing_reason ?? ''] ?? 'Invoice';
  const urls = { invoiceUrl: invoice.hosted_invoice_url ?? null, downloadUrl: invoice.invoice_pdf ?? null };
  if (eventType === 'invoice.paid' && invoice.amount_paid > 0) {
    await recordBillingEntry(trx, user.id, {
      type: 'payment',
      source: 'stripe',
      description: `${what}: ${dollars(invoice.amount_paid)}`,
      amountCents: invoice.amount_paid,
      currency: invoice.currency,
      status: 'succeeded',
      ...urls,
      externalKey: `stripe:${invoice.id}:paid`,
    });
  }
  if (eventType === 'invoice.payment_failed') {
    await recordBillingEntry(trx, user.id, {
      type: 'failure',
      source: 'stripe',
      description: `${what} failed: ${dollars(invoice.amount_due)}`,
      amountCents: invoice.amount_due,
      currency: invoice.currency,
      status: 'failed',
      ...urls,
      externalKey: `stripe:${invoice.id}:failed:${invoice.attempt_count}`,
    });
  }
}

async function activate(trx: Knex.Transaction, deps: AppDeps, user: User, stripe: Stripe.Subscription, plan: PlanId) {
  const current = await findSubscription(trx, user.id);
  if (user.plan === plan && current?.status === 'active' && current.provider === 'stripe') return;
  const name = PLANS[plan].name;
  const updated = await applyPlan(trx, user.id, {
    planId: plan,
    status: 'active',
    provider: 'stripe',
    billingAnchor: new Date(stripe.billing_cycle_anchor * 1000),
    // Stripe bills the subscription's own price, whatever plan the administrator set meanwhile.
    paidPlan: plan,
    entry: {
      type: 'activity',
      source: 'stripe',
      description: user.plan === 'free' ? `Subscribed to ${name}` : `Plan changed to ${name}`,
      amountCents: 0,
      status: 'completed',
    },
  });
  announcePlanAfterCommit(deps, trx, updated);
}

export async function syncAccountWithSubscription(
  trx: Knex.Transaction,
  deps: AppDeps,
  user: User,
  stripe: Stripe.Subscription,
): Promise<void> {
  const plan = planOfSubscription(stripe);
  switch (stripe.status) {
    case 'active':
    case 'trialing':
      if (plan && plan !== 'free') await activate(trx, deps, user, stripe, plan);
      return;
    case 'past_due':
      // Stripe is still retrying the renewal: the plan stays until it gives up (unpaid or canceled).
      await Subscription.query(trx).patch({ status: 'past_due' }).where({ userId: user.id, status: 'active' });
      return;
    case 'unpaid':
    case 'canceled':
    case 'incomplete_expired':
      // A no-op for an account already on free (no second mail).
      await dropToFree(deps, user.id, stripe.status === 'unpaid' ? 'unpaid' : 'canceled', {
        trx,
        externalKey: `stripe:${stripe.id}:ended`,
      });
      return;
    default:
      // incomplete (first payment not made yet), paused: nothing changes on our side.
      return;
  }
}
