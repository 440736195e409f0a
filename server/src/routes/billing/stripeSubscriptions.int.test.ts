/**
 * Billing with Stripe as the provider: the app's real stripe-node client talks to a local
 * stand-in of the Stripe API that records every call. What a user does (subscribe, double-click,
 * upgrade, downgrade) must reach Stripe as the right calls, each with an idempotency key, with
 * the key pair the account's mode picks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../models/index.ts';
import { person } from '../../test/entryFixtures.ts';
import {
  STRIPE_KEYS,
  type StripeApp,
  standInSubscriptionOf,
  startStripeApp,
  subscribeAndPay,
  useStripeTestMode,
} from '../../test/stripeApp.ts';

let app: StripeApp;

beforeAll(async () => {
  app = await startStripeApp();
});
afterAll(() => app.stop());

interface Status {
  status: string;
  plan: string;
  mode: string;
  provider: string;
  publishableKey: string | null;
}
interface HistoryRow {
  type: string;
  amount: number;
  status: string;
  invoiceUrl: string | null;
}

const callsSince = (start: number) => app.stripe.calls.slice(start);

describe('subscribing through Stripe', () => {
  it('creates a customer and an incomplete subscription, hands the invoice secret to the client, and activates the plan once Stripe says it is paid', async () => {
    const { user, client } = await person(app.server);
    const before = app.stripe.calls.length;

    const started = await client.post<{ clientSecret: string }>('/api/create-subscription', { planId: 'starter' });

    expect(started.status).toBe(200);
    const subscription = await standInSubscriptionOf(app, user);
    const intentId = app.stripe.billing.invoicePaymentIntent.get(subscription.latest_invoice ?? '');
    expect(started.body.clientSecret).toBe(app.stripe.billing.paymentIntents.get(intentId ?? '')?.client_secret);
    const [customerCall] = app.stripe.callsTo('POST', '/v1/customers').filter((c) => c.params.email === user.username);
    expect(customerCall?.idempotencyKey).toBeTruthy();
    const [subscriptionCall] = callsSince(before).filter((c) => c.method === 'POST' && c.path === '/v1/subscriptions');
    expect(subscriptionCall?.params).toMatchObject({
      customer: subscription.customer,
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.confirmation_secret'],
    });
    expect(subscriptionCall?.idempotencyKey).toBeTruthy();
    expect(subscription.items.data[0]?.price).toMatchObject({
      unit_amount: 1900,
      lookup_key: expect.stringContaining('starter'),
    });
    // Not paid yet: still free.
    expect((await client.get<Status>('/api/subscription-status')).body).toMatchObject({
      plan: 'free',
      provider: 'stripe',
    });

    const invoice = app.stripe.billing.payInvoice(subscription.latest_invoice ?? '');
    expect((await app.deliver(app.stripe.event('invoice.paid', invoice))).status).toBe(200);

    expect((await client.get<Status>('/api/subscription-status')).body).toMatchObject({
      plan: 'starter',
      status: 'active',
    });
    expect((await client.get<{ activeFormLimit: number }>('/api/user')).body.activeFormLimit).toBe(5);
    const history = await client.get<{ invoices: HistoryRow[] }>('/api/billing-history');
    expect(history.body.invoices).toContainEqual(
      expect.objectContaining({ type: 'payment', amount: 1900, invoiceUrl: invoice.hosted_invoice_url }),
    );
  });

  it('makes one subscription when Subscribe is clicked twice at once', async () => {
    const { user, client } = await person(app.server);
    const before = app.stripe.calls.length;

    const [first, second] = await Promise.all([
      client.post<{ clientSecret: string }>('/api/create-subscription', { planId: 'professional' }),
      client.post<{ clientSecret: string }>('/api/create-subscription', { planId: 'professional' }),
    ]);

    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.clientSecret).toBe(first.body.clientSecret);
    const subscription = await standInSubscriptionOf(app, user);
    const ofCustomer = [...app.stripe.billing.subscriptions.values()].filter(
      (s) => s.customer === subscription.customer,
    );
    expect(ofCustomer).toHaveLength(1);
    const customers = [...app.stripe.billing.customers.values()].filter((c) => c.email === user.username);
    expect(customers).toHaveLength(1);
    const mutating = callsSince(before).filter((c) => c.method !== 'GET');
    expect(mutating.length).toBeGreaterThan(0);
    for (const call of mutating) expect(call.idempotencyKey, `${call.method} ${call.path}`).toBeTruthy();
  });

  it("uses the live or the test key pair as the account's mode says, and reports that mode", async () => {
    const live = await person(app.server);
    const test = await person(app.server);
    await useStripeTestMode(test.user);

    await live.client.post('/api/create-subscription', { planId: 'starter' });
    await test.client.post('/api/create-subscription', { planId: 'starter' });

    const keyOf = async (user: User) => {
      const subscription = await standInSubscriptionOf(app, user);
      const calls = app.stripe
        .callsTo('POST', '/v1/subscriptions')
        .filter((c) => c.params.customer === subscription.customer);
      return { key: calls[0]?.apiKey, livemode: subscription.livemode };
    };
    expect(await keyOf(live.user)).toEqual({ key: STRIPE_KEYS.live.secret, livemode: true });
    expect(await keyOf(test.user)).toEqual({ key: STRIPE_KEYS.test.secret, livemode: false });
    expect((await live.client.get<Status>('/api/subscription-status')).body).toMatchObject({
      mode: 'live',
      publishableKey: STRIPE_KEYS.live.publishable,
    });
    expect((await test.client.get<Status>('/api/subscription-status')).body).toMatchObject({
      mode: 'test',
      publishableKey: STRIPE_KEYS.test.publishable,
    });
  });
});

describe('changing plans through Stripe', () => {
  it('upgrades with Stripe proration, charged at once to the card saved by the first payment', async () => {
    const { user, client } = await person(app.server);
    await subscribeAndPay(app, client, user, 'starter');
    const before = app.stripe.calls.length;

    const upgrade = await client.post<{ requiresPayment: boolean }>('/api/upgrade-subscription', {
      planId: 'professional',
    });

    expect(upgrade.status).toBe(200);
    expect(upgrade.body.requiresPayment).toBe(false);
    const subscription = await standInSubscriptionOf(app, user);
    const [update] = callsSince(before).filter(
      (c) => c.method === 'POST' && c.path === `/v1/subscriptions/${subscription.id}`,
    );
    expect(update?.params).toMatchObject({
      items: [{ id: subscription.items.data[0]?.id, price: subscription.items.data[0]?.price.id }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
    });
    expect(update?.idempotencyKey).toBeTruthy();
    expect(subscription.items.data[0]?.price.unit_amount).toBe(4900);
    const prorated = app.stripe.billing.invoices.get(subscription.latest_invoice ?? '');
    expect(prorated).toMatchObject({ status: 'paid', billing_reason: 'subscription_update' });
    expect(prorated?.total).toBeGreaterThan(2900);
    expect(prorated?.total).toBeLessThanOrEqual(3000);
    expect((await client.get<Status>('/api/subscription-status')).body.plan).toBe('professional');
  });

  it('waits for the payment when the upgrade needs the card confirmed, then completes it', async () => {
    const { user, client } = await person(app.server);
    await subscribeAndPay(app, client, user, 'starter');
    const customer = app.stripe.billing.customers.get((await standInSubscriptionOf(app, user)).customer);
    if (customer) customer.invoice_settings.default_payment_method = null;

    const upgrade = await client.post<{ requiresPayment: boolean; clientSecret: string }>('/api/upgrade-subscription', {
      planId: 'professional',
    });

    expect(upgrade.body.requiresPayment).toBe(true);
    expect(upgrade.body.clientSecret).toMatch(/^pi_.+_secret_/);
    expect((await client.post('/api/complete-upgrade', { planId: 'professional' })).status).toBe(402);
    expect((await client.get<Status>('/api/subscription-status')).body.plan).toBe('starter');

    const subscription = await standInSubscriptionOf(app, user);
    app.stripe.billing.payInvoice(subscription.latest_invoice ?? '');
    expect((await client.post('/api/complete-upgrade', { planId: 'professional' })).status).toBe(200);
    expect((await client.get<Status>('/api/subscription-status')).body.plan).toBe('professional');
  });

  it("downgrades to a cheaper plan with Stripe's prorated credit, shown in the history", async () => {
    const { user, client } = await person(app.server);
    await subscribeAndPay(app, client, user, 'professional');
    const before = app.stripe.calls.length;

    const downgrade = await client.post('/api/downgrade-subscription', { planId: 'starter' });

    expect(downgrade.status).toBe(200);
    const subscription = await standInSubscriptionOf(app, user);
    const [update] = callsSince(before).filter(
      (c) => c.method === 'POST' && c.path === `/v1/subscriptions/${subscription.id}`,
    );
    expect(update?.params).toMatchObject({ proration_behavior: 'always_invoice' });
    expect(update?.idempotencyKey).toBeTruthy();
    const credit = -(app.stripe.billing.customers.get(subscription.customer)?.balance ?? 0);
    expect(credit).toBeGreaterThan(2900);
    const history = await client.get<{ invoices: HistoryRow[] }>('/api/billing-history');
    expect(history.body.invoices[0]).toMatchObject({ type: 'credit', amount: credit });
    expect((await client.get<Status>('/api/subscription-status')).body.plan).toBe('starter');
  });

  it("downgrading to free cancels the Stripe subscription, and Stripe's cancellation event does not count as the account being dropped", async () => {
    const { user, client } = await person(app.server);
    await subscribeAndPay(app, client, user, 'starter');
    const subscription = await standInSubscriptionOf(app, user);

    expect((await client.post('/api/downgrade-subscription', { planId: 'free' })).status).toBe(200);

    const [cancel] = app.stripe.callsTo('DELETE', `/v1/subscriptions/${subscription.id}`);
    expect(cancel?.params).toMatchObject({ prorate: 'true', invoice_now: 'true' });
    expect(cancel?.idempotencyKey).toBeTruthy();
    expect(subscription.status).toBe('canceled');
    expect((await client.get<Status>('/api/subscription-status')).body.plan).toBe('free');
    const rowsBefore = (await client.get<{ invoices: HistoryRow[] }>('/api/billing-history')).body.invoices.length;

    expect((await app.deliver(app.stripe.event('customer.subscription.deleted', subscription))).status).toBe(200);

    expect((await client.get<{ invoices: HistoryRow[] }>('/api/billing-history')).body.invoices).toHaveLength(
      rowsBefore,
    );
  });
});
