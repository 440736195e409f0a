/**
 * POST /api/stripe/webhook with events signed by the stripe library's own test signer, against
 * the real app whose Stripe client reads back from a local stand-in. Only a correctly signed,
 * fresh body is applied; each event once; and whatever order Stripe's events arrive in, the
 * account ends in the state Stripe has — including the drop to free when a subscription ends or
 * stays unpaid (forms beyond the free limit deactivated, the owner mailed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Form, type User } from '../../models/index.ts';
import { person } from '../../test/entryFixtures.ts';
import { createForm } from '../../test/factories.ts';
import { type StripeApp, standInSubscriptionOf, startStripeApp, subscribeAndPay } from '../../test/stripeApp.ts';
import type { StandInEvent } from '../../test/stripeStandInObjects.ts';
import type { TestClient } from '../../test/testClient.ts';

let app: StripeApp;

beforeAll(async () => {
  app = await startStripeApp();
});
afterAll(() => app.stop());

interface HistoryRow {
  type: string;
  amount: number;
  description: string;
}

const planOf = async (client: TestClient) => (await client.get<{ plan: string }>('/api/subscription-status')).body.plan;
const historyOf = async (client: TestClient) =>
  (await client.get<{ invoices: HistoryRow[] }>('/api/billing-history')).body.invoices;
const storedEvents = async (event: StandInEvent) =>
  (await app.server.knex('stripe_events').where({ id: event.id })).length;

/** A started checkout whose first invoice the client has paid in Stripe; the event not yet delivered. */
async function paidCheckout() {
  const owner = await person(app.server);
  await owner.client.post('/api/create-subscription', { planId: 'starter' });
  const subscription = await standInSubscriptionOf(app, owner.user);
  const invoice = app.stripe.billing.payInvoice(subscription.latest_invoice ?? '');
  return { ...owner, subscription, paid: app.stripe.event('invoice.paid', invoice) };
}

/** Three active forms, the last one touched most recently. */
async function threeActiveForms(user: User): Promise<Form[]> {
  const forms: Form[] = [];
  for (const [index, name] of ['Oldest', 'Middle', 'Newest'].entries()) {
    const form = await createForm(user, { name });
    forms.push(
      await Form.query().patchAndFetchById(form.id, { updatedAt: new Date(Date.now() - (3 - index) * 60_000) }),
    );
  }
  return forms;
}

async function activeFormNames(user: User): Promise<string[]> {
  const forms = await Form.query().where({ createdById: user.id, isActive: true }).orderBy('id');
  return forms.map((form) => form.name);
}

describe('signature', () => {
  it('refuses a body signed with another secret (400) and changes nothing', async () => {
    const { client, paid } = await paidCheckout();

    const response = await app.deliver(paid, { secret: 'whsec_someone_else' });

    expect(response.status).toBe(400);
    expect(await planOf(client)).toBe('free');
    expect(await historyOf(client)).toEqual([]);
    expect(await storedEvents(paid)).toBe(0);
  });

  it('refuses a body changed after it was signed (400)', async () => {
    const { client, paid } = await paidCheckout();
    const { payload, signature } = app.stripe.signed(paid, 'whsec_formscribe_tests');
    const forged = payload.replace('"livemode": true', '"livemode": false');

    const response = await fetch(new URL('/api/stripe/webhook', app.server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: forged === payload ? `${payload} ` : forged,
    });

    expect(response.status).toBe(400);
    expect(await planOf(client)).toBe('free');
  });

  it('refuses a request without a signature (400)', async () => {
    const { client, paid } = await paidCheckout();

    const response = await fetch(new URL('/api/stripe/webhook', app.server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(paid),
    });

    expect(response.status).toBe(400);
    expect(await planOf(client)).toBe('free');
  });

  it('refuses a signature older than five minutes (a replayed request), and takes the same event freshly signed', async () => {
    const { client, paid } = await paidCheckout();

    const stale = await app.deliver(paid, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });

    expect(stale.status).toBe(400);
    expect(await planOf(client)).toBe('free');
    expect(await storedEvents(paid)).toBe(0);
    expect((await app.deliver(paid)).status).toBe(200);
    expect(await planOf(client)).toBe('starter');
  });
});

describe('delivery', () => {
  it('applies an event delivered twice once', async () => {
    const { client, paid } = await paidCheckout();

    const first = await app.deliver(paid);
    const again = await app.deliver(paid);

    expect([first.status, again.status]).toEqual([200, 200]);
    expect(await planOf(client)).toBe('starter');
    const history = await historyOf(client);
    expect(history.filter((row) => row.type === 'payment')).toHaveLength(1);
    expect(history.filter((row) => row.type === 'activity')).toHaveLength(1);
    expect(await storedEvents(paid)).toBe(1);
  });

  it('ends with the plan active whatever order the checkout events arrive in', async () => {
    const orders = [
      [0, 1, 2, 3],
      [3, 2, 1, 0],
      [2, 0, 3, 1],
    ];
    for (const order of orders) {
      const { user, client } = await person(app.server);
      await client.post('/api/create-subscription', { planId: 'professional' });
      const subscription = await standInSubscriptionOf(app, user);
      const incomplete = app.stripe.event('customer.subscription.updated', subscription);
      const invoice = app.stripe.billing.payInvoice(subscription.latest_invoice ?? '');
      const intent = app.stripe.billing.paymentIntents.get(
        app.stripe.billing.invoicePaymentIntent.get(invoice.id) ?? '',
      );
      if (!intent) throw new Error('no payment intent');
      const events = [
        incomplete,
        app.stripe.event('payment_intent.succeeded', intent),
        app.stripe.event('invoice.paid', invoice),
        app.stripe.event('customer.subscription.updated', subscription),
      ];

      for (const index of order) expect((await app.deliver(events[index] as StandInEvent)).status).toBe(200);

      expect(await planOf(client), `order ${order.join(',')}`).toBe('professional');
      expect((await historyOf(client)).filter((row) => row.type === 'payment')).toHaveLength(1);
    }
  });

  it('drops to free when the subscription ends, even if the earlier events arrive after the deletion', async () => {
    const { user, client } = await person(app.server);
    await threeActiveForms(user);
    await subscribeAndPay(app, client, user, 'starter');
    const subscription = await standInSubscriptionOf(app, user);
    const active = app.stripe.event('customer.subscription.updated', subscription);
    const failed = app.stripe.event('invoice.payment_failed', app.stripe.billing.failRenewal(subscription));
    const pastDue = app.stripe.event('customer.subscription.updated', subscription);
    app.stripe.billing.cancel(subscription, false);
    const deleted = app.stripe.event('customer.subscription.deleted', subscription);

    for (const event of [deleted, failed, pastDue, active]) expect((await app.deliver(event)).status).toBe(200);

    expect(await planOf(client)).toBe('free');
    expect(await activeFormNames(user)).toEqual(['Newest']);
    expect(await Form.query().where({ createdById: user.id }).resultSize()).toBe(3);
    const mail = await app.server.smtp.waitFor(user.username, 'subscription has ended');
    expect(mail.decoded).toContain('Billing');
    const history = await historyOf(client);
    expect(history.filter((row) => row.type === 'failure')).toHaveLength(1);
    expect(history.filter((row) => row.description.includes('moved to the Free plan'))).toHaveLength(1);
  });

  it('drops to free when Stripe gives up on an unpaid renewal', async () => {
    const { user, client } = await person(app.server);
    await threeActiveForms(user);
    await subscribeAndPay(app, client, user, 'starter');
    const subscription = await standInSubscriptionOf(app, user);
    await app.deliver(app.stripe.event('invoice.payment_failed', app.stripe.billing.failRenewal(subscription)));
    expect(await planOf(client)).toBe('starter');

    subscription.status = 'unpaid';
    expect((await app.deliver(app.stripe.event('customer.subscription.updated', subscription))).status).toBe(200);

    expect(await planOf(client)).toBe('free');
    expect(await activeFormNames(user)).toEqual(['Newest']);
    const mail = await app.server.smtp.waitFor(user.username, 'subscription has ended');
    expect(mail.decoded).toContain('could not be paid');
  });
});
