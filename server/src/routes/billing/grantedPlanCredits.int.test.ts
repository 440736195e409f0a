/**
 * Credits come only from money: a plan the administrator granted is never paid back. A user pays
 * $19 for Starter, the administrator sets them to Professional, and the downgrade to Free credits
 * at most the $19 paid (not the $49 Professional costs), with either payment provider; and a plan
 * bought on top of a granted one costs what it is worth, so it cannot be turned into credit either.
 */
import type { DowngradeResult } from '@formscribe/common/schemas/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Subscription } from '../../models/Subscription.ts';
import {
  adminClient,
  confirmCard,
  historyRows,
  type PaymentAnswer,
  subscribeAndPay,
} from '../../test/billingFixtures.ts';
import { person } from '../../test/entryFixtures.ts';
import {
  standInSubscriptionOf,
  startStripeApp,
  subscribeAndPay as subscribeAndPayStripe,
} from '../../test/stripeApp.ts';
import type { TestClient } from '../../test/testClient.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

async function grant(server: TestServer, userId: number, plan: 'free' | 'starter' | 'professional') {
  const res = await (await adminClient(server)).patch(`/api/admin/users/${userId}`, { subscriptionStatus: plan });
  expect(res.status).toBe(200);
}

async function downgradeToFree(client: TestClient): Promise<number> {
  const res = await client.post<DowngradeResult>('/api/downgrade-subscription', { planId: 'free' });
  expect(res.status).toBe(200);
  return res.body.creditAmount;
}

describe('with the built-in test provider', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('credits at most the $19 paid when a paid Starter was raised to Professional by the administrator', async () => {
    const { user, client } = await person(server);
    await subscribeAndPay(client, 'starter');
    await grant(server, user.id, 'professional');

    const credit = await downgradeToFree(client);
    expect(credit).toBeGreaterThan(1890); // the period has only just begun
    expect(credit).toBeLessThanOrEqual(1900);

    // The credit does not pay for Professional outright: the rest is still to pay by card.
    const again = await client.post<PaymentAnswer>('/api/create-subscription', { planId: 'professional' });
    expect(again.status).toBe(200);
    expect(again.body.clientSecret).not.toBeNull();
    const rows = await historyRows(user.id);
    expect(rows.filter((row) => row.type === 'credit').map((row) => row.amountCents)).toEqual([credit]);
  });

  it('credits nothing for a plan only the administrator gave', async () => {
    const { client, user } = await person(server);
    await grant(server, user.id, 'professional');
    expect(await downgradeToFree(client)).toBe(0);
  });

  it('credits nothing after the administrator ended a paid plan and granted another, through any steps down', async () => {
    const { user, client } = await person(server);
    await subscribeAndPay(client, 'starter');
    // The administrator ends the paid Starter, then grants Professional: neither moves money.
    await grant(server, user.id, 'free');
    await grant(server, user.id, 'professional');

    const toStarter = await client.post<DowngradeResult>('/api/downgrade-subscription', { planId: 'starter' });
    expect([toStarter.status, toStarter.body.creditAmount]).toEqual([200, 0]);
    // Nobody paid for a Starter period since the administrator ended the first one.
    expect(await downgradeToFree(client)).toBe(0);
    expect((await historyRows(user.id)).filter((row) => row.type === 'credit')).toEqual([]);
  });

  it('credits nothing either for an account the administrator set to Free before that ended its paid period', async () => {
    const { user, client } = await person(server);
    await subscribeAndPay(client, 'starter');
    await grant(server, user.id, 'free');
    // Such a row still names Starter as paid, with no period to have paid it for.
    await Subscription.query().patch({ paidPlan: 'starter' }).where({ userId: user.id });
    await grant(server, user.id, 'professional');

    expect((await client.post('/api/downgrade-subscription', { planId: 'starter' })).status).toBe(200);
    expect(await downgradeToFree(client)).toBe(0);
  });

  it('charges the whole price for Professional on top of a granted Starter, and credits back no more than was paid', async () => {
    const { user, client } = await person(server);
    await grant(server, user.id, 'starter');
    const started = await client.post<PaymentAnswer>('/api/upgrade-subscription', { planId: 'professional' });
    expect(started.status).toBe(200);
    expect(started.body.clientSecret).not.toBeNull();
    expect((await confirmCard(client, started.body.clientSecret ?? '')).status).toBe(200);
    const [charge] = (await historyRows(user.id)).filter((row) => row.type === 'charge');
    expect(charge?.amountCents).toBe(4900);

    const credit = await downgradeToFree(client);
    expect(credit).toBeLessThanOrEqual(charge?.amountCents ?? 0);
  });
});

describe('with Stripe (the local stand-in)', () => {
  let app: Awaited<ReturnType<typeof startStripeApp>>;
  beforeAll(async () => {
    app = await startStripeApp();
  });
  afterAll(() => app.stop());

  it('credits at most the $19 paid when a paid Starter was raised to Professional by the administrator', async () => {
    const { user, client } = await person(app.server);
    await subscribeAndPayStripe(app, client, user, 'starter');
    const subscription = await standInSubscriptionOf(app, user);
    await grant(app.server, user.id, 'professional');
    // The administrator's plan change moved no money: Stripe still bills Starter.
    expect(subscription.items.data[0]?.price).toMatchObject({ unit_amount: 1900 });

    const credit = await downgradeToFree(client);
    expect(credit).toBeLessThanOrEqual(1900);
    const balance = -(app.stripe.billing.customers.get(subscription.customer)?.balance ?? 0);
    expect(balance).toBeLessThanOrEqual(1900);
  });
});
