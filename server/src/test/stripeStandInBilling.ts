/**
 * What Stripe Billing does with subscriptions, in the stand-in: a subscription made with
 * payment_behavior=default_incomplete waits (status incomplete) for its first invoice's payment
 * intent to be confirmed by the client; an update with always_invoice bills or credits the
 * prorated difference at once (charged to the saved card if there is one, else left open, and
 * with pending_if_incomplete the change waits for that payment); cancelling can credit the
 * unused time. Tests also drive what happens on Stripe's side: a payment, a failed renewal.
 */
import {
  monthAfter,
  newInvoice,
  newPaymentIntent,
  nowSeconds,
  type StandInCustomer,
  type StandInInvoice,
  type StandInPaymentIntent,
  type StandInPrice,
  type StandInSubscription,
  stripeId,
} from './stripeStandInObjects.ts';

export class StandInBilling {
  readonly customers = new Map<string, StandInCustomer>();
  readonly prices = new Map<string, StandInPrice>();
  readonly subscriptions = new Map<string, StandInSubscription>();
  readonly invoices = new Map<string, StandInInvoice>();
  readonly paymentIntents = new Map<string, StandInPaymentIntent>();
  /** Which payment intent each open invoice asks the client to confirm. */
  readonly invoicePaymentIntent = new Map<string, string>();

  createSubscription(customer: StandInCustomer, price: StandInPrice, metadata: Record<string, string>) {
    const start = nowSeconds();
    const id = stripeId('sub');
    const subscription: StandInSubscription = {
      id,
      object: 'subscription',
      customer: customer.id,
      status: 'incomplete',
      livemode: customer.livemode,
      metadata,
      billing_cycle_anchor: start,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      created: start,
      latest_invoice: null,
      pending_update: null,
      items: { object: 'list', data: [], has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    };
    subscription.items.data.push({
      id: stripeId('si'),
      object: 'subscription_item',
      price,
      quantity: 1,
      current_period_start: start,
      current_period_end: monthAfter(start),
      subscription: id,
    });
    this.subscriptions.set(id, subscription);
    this.openInvoice(subscription, price.unit_amount, 'subscription_create');
    return subscription;
  }

  /** Changes the price with Stripe's proration: the unused part of the period, new minus old. */
  changePrice(
    subscription: StandInSubscription,
    price: StandInPrice,
    prorationBehavior: string,
    paymentBehavior: string | undefined,
  ) {
    const item = subscription.items.data[0];
    if (!item) throw new Error('subscription without items');
    const apply = () => {
      item.price = price;
      subscription.pending_update = null;
    };
    if (prorationBehavior !== 'always_invoice') return apply();
    const difference = this.unusedShare(subscription, price.unit_amount - item.price.unit_amount);
    if (difference <= 0) {
      apply();
      this.creditInvoice(subscription, difference, 'subscription_update');
      return;
    }
    const invoice = this.openInvoice(subscription, difference, 'subscription_update');
    if (this.customerHasSavedCard(subscription)) {
      this.payInvoice(invoice.id);
      return apply();
    }
    if (paymentBehavior === 'pending_if_incomplete') {
      subscription.pending_update = {
        expires_at: nowSeconds() + 23 * 3600,
        subscription_items: [{ id: item.id, price: price.id }],
      };
      this.pendingPrices.set(invoice.id, price);
    } else apply();
  }

  cancel(subscription: StandInSubscription, prorate: boolean) {
    const item = subscription.items.data[0];
    if (prorate && item && subscription.status === 'active') {
      this.creditInvoice(subscription, this.unusedShare(subscription, -item.price.unit_amount), 'subscription_cancel');
    }
    subscription.status = 'canceled';
    subscription.canceled_at = nowSeconds();
    subscription.ended_at = nowSeconds();
  }

  /**
   * The client confirmed the invoice's payment intent with a good card (or Stripe charged the
   * saved one): the invoice is paid, the card saved, an incomplete subscription becomes active and
   * a pending update applies.
   */
  payInvoice(invoiceId: string): StandInInvoice {
    const invoice = this.invoices.get(invoiceId);
    if (!invoice) throw new Error(`no invoice ${invoiceId}`);
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.status_transitions.paid_at = nowSeconds();
    const intent = this.paymentIntents.get(this.invoicePaymentIntent.get(invoiceId) ?? '');
    if (intent) intent.status = 'succeeded';
    const customer = this.customers.get(invoice.customer);
    if (customer) customer.invoice_settings.default_payment_method ??= stripeId('pm');
    const subscription = this.subscriptions.get(invoice.parent.subscription_details.subscription);
    if (!subscription) return invoice;
    if (subscription.status === 'incomplete' || subscription.status === 'past_due') subscription.status = 'active';
    const pendingPrice = this.pendingPrices.get(invoiceId);
    const item = subscription.items.data[0];
    if (pendingPrice && item && subscription.pending_update) {
      item.price = pendingPrice;
      subscription.pending_update = null;
    }
    return invoice;
  }

  /** A renewal whose charge failed: a new open invoice, and Stripe marks the subscription past_due. */
  failRenewal(subscription: StandInSubscription): StandInInvoice {
    const item = subscription.items.data[0];
    const invoice = this.openInvoice(subscription, item?.price.unit_amount ?? 0, 'subscription_cycle');
    invoice.attempt_count = 1;
    subscription.status = 'past_due';
    return invoice;
  }

  private readonly pendingPrices = new Map<string, StandInPrice>();

  private customerHasSavedCard(subscription: StandInSubscription): boolean {
    return Boolean(this.customers.get(subscription.customer)?.invoice_settings.default_payment_method);
  }

  /** `amount` scaled by the share of the current period still to come, in whole cents. */
  private unusedShare(subscription: StandInSubscription, amount: number): number {
    const item = subscription.items.data[0];
    if (!item) return 0;
    const period = item.current_period_end - item.current_period_start;
    const left = Math.max(item.current_period_end - nowSeconds(), 0);
    return Math.round((amount * left) / period);
  }

  private openInvoice(subscription: StandInSubscription, amount: number, reason: StandInInvoice['billing_reason']) {
    const invoice = newInvoice(subscription, amount, reason);
    const intent = newPaymentIntent(invoice);
    this.invoices.set(invoice.id, invoice);
    this.paymentIntents.set(intent.id, intent);
    this.invoicePaymentIntent.set(invoice.id, intent.id);
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  /** A negative invoice: nothing to pay, the amount goes to the customer's credit balance. */
  private creditInvoice(subscription: StandInSubscription, credit: number, reason: StandInInvoice['billing_reason']) {
    const invoice = newInvoice(subscription, credit, reason);
    invoice.status = 'paid';
    invoice.status_transitions.paid_at = nowSeconds();
    this.invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    const customer = this.customers.get(subscription.customer);
    if (customer) customer.balance += credit;
  }

  /** The invoice as Stripe would render it, with the confirmation secret only when expanded. */
  renderInvoice(invoice: StandInInvoice, withConfirmationSecret: boolean): StandInInvoice {
    if (!withConfirmationSecret) return { ...invoice };
    const intent = this.paymentIntents.get(this.invoicePaymentIntent.get(invoice.id) ?? '');
    const payable = invoice.status === 'open' && intent;
    return {
      ...invoice,
      confirmation_secret: payable ? { client_secret: intent.client_secret, type: 'payment_intent' } : null,
    };
  }

  /** The subscription as Stripe would render it, expanding latest_invoice (and its secret) when asked. */
  renderSubscription(subscription: StandInSubscription, expand: readonly string[]) {
    const invoice = this.invoices.get(subscription.latest_invoice ?? '');
    const expandInvoice = expand.some((path) => path === 'latest_invoice' || path.startsWith('latest_invoice.'));
    return {
      ...subscription,
      latest_invoice:
        expandInvoice && invoice
          ? this.renderInvoice(invoice, expand.includes('latest_invoice.confirmation_secret'))
          : subscription.latest_invoice,
    };
  }
}
