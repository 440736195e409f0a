/**
 * Stripe behind the payment-provider boundary (paymentProvider.ts). Customers and subscriptions
 * live in Stripe; our rows only keep their ids. A new subscription is created incomplete
 * (`payment_behavior: 'default_incomplete'`) and its first invoice's client secret goes to the
 * client's Stripe Elements form; the plan is applied when Stripe says the invoice is paid (the
 * webhook, stripeWebhookEvents.ts). Plan changes use Stripe's own proration, invoiced at once
 * (`always_invoice`): an upgrade charges the saved card or hands back a secret to confirm, and
 * waits for its payment (`pending_if_incomplete`); a downgrade's credit lands on the customer's
 * Stripe balance; going to free cancels the subscription with a prorated credit.
 *
 * Every mutating call carries the operation's idempotency key (suffixed per call), so a double
 * click or a retry makes one customer, one subscription, one charge.
 */
import { MESSAGES } from '@formscribe/common/messages';
import type { Config } from '../../config.ts';
import { badRequest } from '../../errors.ts';
import { User } from '../../models/index.ts';
import type { PaymentProvider, PlanChangeCall, StartSubscriptionCall } from './paymentProvider.ts';
import { stripeAccountsFor } from './stripeAccounts.ts';
import { planOfSubscription, StripePrices } from './stripePrices.ts';
import {
  clientSecretToPay,
  creditOf,
  ensureCustomer,
  latestInvoice,
  retrieveSubscription,
  WITH_LATEST_INVOICE_SECRET,
} from './stripeSubscriptions.ts';

export function createStripeProvider(config: Config): PaymentProvider {
  const accounts = stripeAccountsFor(config.stripe);
  const prices = new StripePrices();

  /** The user's current Stripe subscription, which a plan change needs. */
  async function currentSubscription(call: PlanChangeCall) {
    const account = accounts.forUser(call.user);
    const subscription = call.user.stripeSubscriptionId
      ? await retrieveSubscription(account, call.user.stripeSubscriptionId)
      : undefined;
    return { account, subscription };
  }

  return {
    id: 'stripe',
    modeFor: (user) => accounts.modeFor(user),
    publishableKeyFor: (user) => accounts.forMode(accounts.modeFor(user))?.publishableKey ?? null,

    async startSubscription({ trx, user, plan, idempotencyKey }: StartSubscriptionCall) {
      const account = accounts.forUser(user);
      const customerId = await ensureCustomer(account, user, idempotencyKey);
      const priceId = await prices.priceIdFor(account, plan);
      // A checkout left unpaid for the same plan is picked up again; one for another plan is dropped.
      const pending = user.stripeSubscriptionId
        ? await retrieveSubscription(account, user.stripeSubscriptionId)
        : undefined;
      if (pending?.status === 'incomplete' && pending.customer === customerId) {
        if (planOfSubscription(pending) === plan.id) {
          return { clientSecret: clientSecretToPay(pending), providerReference: pending.id };
        }
        await account.stripe.subscriptions.cancel(pending.id, {}, { idempotencyKey: `${idempotencyKey}:abandon` });
      }
      const subscription = await account.stripe.subscriptions.create(
        {
          customer: customerId,
          items: [{ price: priceId }],
          payment_behavior: 'default_incomplete',
          // The card the first payment uses pays renewals and later upgrades.
          payment_settings: { save_default_payment_method: 'on_subscription' },
          metadata: { formscribe_user_id: String(user.id) },
          expand: WITH_LATEST_INVOICE_SECRET,
        },
        { idempotencyKey: `${idempotencyKey}:subscription` },
      );
      await User.query(trx)
        .patch({ stripeCustomerId: customerId, stripeSubscriptionId: subscription.id })
        .findById(user.id);
      return { clientSecret: clientSecretToPay(subscription), providerReference: subscription.id };
    },

    async startUpgrade(call) {
      const { account, subscription } = await currentSubscription(call);
      const item = subscription?.items.data[0];
      if (!subscription || !item || subscription.status !== 'active') throw badRequest(MESSAGES.stripeNoSubscription);
      const updated = await account.stripe.subscriptions.update(
        subscription.id,
        {
          items: [{ id: item.id, price: await prices.priceIdFor(account, call.to) }],
          proration_behavior: 'always_invoice',
          // The new plan only takes effect once its prorated invoice is paid.
          payment_behavior: 'pending_if_incomplete',
          expand: WITH_LATEST_INVOICE_SECRET,
        },
        { idempotencyKey: `${call.idempotencyKey}:upgrade` },
      );
      const paidAtOnce = !updated.pending_update && planOfSubscription(updated) === call.to.id;
      return { clientSecret: paidAtOnce ? null : clientSecretToPay(updated), providerReference: updated.id };
    },

    async confirmUpgrade(call) {
      const { subscription } = await currentSubscription(call);
      const paid = Boolean(
        subscription &&
          subscription.status === 'active' &&
          !subscription.pending_update &&
          planOfSubscription(subscription) === call.to.id,
      );
      return paid ? { paid } : { paid, reason: MESSAGES.upgradePaymentIncomplete };
    },

    async downgrade(call) {
      const { account, subscription } = await currentSubscription(call);
      // Nothing billed in Stripe (a plan set by hand, or a subscription Stripe already ended).
      if (!subscription || subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
        if (call.to.id === 'free')
          await User.query(call.trx).patch({ stripeSubscriptionId: null }).findById(call.user.id);
        return { creditCents: 0, providerReference: null };
      }
      if (call.to.id === 'free') {
        const canceled = await account.stripe.subscriptions.cancel(
          subscription.id,
          { prorate: true, invoice_now: true, expand: ['latest_invoice'] },
          { idempotencyKey: `${call.idempotencyKey}:cancel` },
        );
        // Forgotten at once, so the cancellation's own webhook events do not read as the account being dropped.
        await User.query(call.trx).patch({ stripeSubscriptionId: null }).findById(call.user.id);
        return { creditCents: creditOf(latestInvoice(canceled)), providerReference: canceled.id };
      }
      const item = subscription.items.data[0];
      if (!item) throw badRequest(MESSAGES.stripeNoSubscription);
      const updated = await account.stripe.subscriptions.update(
        subscription.id,
        {
          items: [{ id: item.id, price: await prices.priceIdFor(account, call.to) }],
          proration_behavior: 'always_invoice',
          expand: ['latest_invoice'],
        },
        { idempotencyKey: `${call.idempotencyKey}:downgrade` },
      );
      return { creditCents: creditOf(latestInvoice(updated)), providerReference: updated.id };
    },
  };
}
