import { MESSAGES } from '@formscribe/common/messages';
import type { BillingHistoryResponse } from '@formscribe/common/schemas/billing';
import { TEST_CARDS } from '@formscribe/common/schemas/billing';
import type { UserResponse } from '@formscribe/common/schemas/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestPayment } from '../../models/TestPayment.ts';
import { confirmCard, historyRows, type PaymentAnswer, subscribeAndPay } from '../../test/billingFixtures.ts';
import { person } from '../../test/entryFixtures.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function startCheckout(client: ReturnType<TestServer['client']>, planId = 'starter'): Promise<string> {
  const res = await client.post<PaymentAnswer>('/api/create-subscription', { planId });
  if (!res.body.clientSecret) throw new Error(`no client secret: ${res.text}`);
  return res.body.clientSecret;
}

const planOf = async (client: ReturnType<TestServer['client']>) =>
  (await client.get<UserResponse>('/api/user')).body.subscriptionStatus;

describe('the test provider’s cards', () => {
  it('a declined card or insufficient funds answers 402 as Stripe words it, and charges nothing', async () => {
    const { user, client } = await person(server);
    const secret = await startCheckout(client);
    const declined = await confirmCard(client, secret, TEST_CARDS.declined);
    expect(declined.status).toBe(402);
    expect(declined.body).toEqual({ error: 'Your card was declined.', code: 'card_declined' });
    const broke = await confirmCard(client, secret, '4000000000009995');
    expect(broke.status).toBe(402);
    expect(broke.body).toEqual({ error: 'Your card has insufficient funds.', code: 'insufficient_funds' });

    expect(await planOf(client)).toBe('free');
    const rows = await historyRows(user.id);
    expect(rows.map((row) => [row.type, row.status])).toEqual([
      ['failure', 'failed'],
      ['failure', 'failed'],
    ]);
    // The same payment can then be made with a card that works.
    expect((await confirmCard(client, secret)).status).toBe(200);
    expect(await planOf(client)).toBe('starter');
  });

  it('any other number is a 400 that says which cards work', async () => {
    const { user, client } = await person(server);
    const secret = await startCheckout(client);
    for (const cardNumber of ['4111 1111 1111 1111', 'abcd', '']) {
      const res = await confirmCard(client, secret, cardNumber);
      expect(res.status).toBe(400);
      expect([MESSAGES.unknownTestCard, MESSAGES.cardNumberInvalid]).toContain(
        (res.body as { message: string }).message,
      );
    }
    expect(await planOf(client)).toBe('free');
    expect(await historyRows(user.id)).toEqual([]);
  });
});

describe('charged once', () => {
  it('a double click on subscribe gets one payment; confirming it twice at once charges once', async () => {
    const { user, client } = await person(server);
    const [first, second] = await Promise.all([startCheckout(client), startCheckout(client)]);
    expect(second).toBe(first);
    expect(await TestPayment.query().where({ userId: user.id }).resultSize()).toBe(1);

    const confirms = await Promise.all([
      confirmCard(client, first),
      confirmCard(client, first),
      confirmCard(client, first),
    ]);
    expect(confirms.map((res) => [res.status, res.body])).toEqual(
      Array.from({ length: 3 }, () => [200, { status: 'succeeded' }]),
    );
    const history = (await client.get<BillingHistoryResponse>('/api/billing-history')).body.invoices;
    expect(history.filter((row) => row.type === 'payment')).toHaveLength(1);
  });

  it('a payment made for an earlier plan no longer applies once the plan changed', async () => {
    const { user, client } = await person(server);
    const starterSecret = await startCheckout(client, 'starter');
    const professionalSecret = await startCheckout(client, 'professional');
    expect((await confirmCard(client, professionalSecret)).status).toBe(200);
    const stale = await confirmCard(client, starterSecret);
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: MESSAGES.testPaymentVoided });
    expect(await planOf(client)).toBe('professional');
    expect((await historyRows(user.id)).filter((row) => row.type === 'payment')).toHaveLength(1);
  });
});

describe('one account’s billing is its own', () => {
  it('another user can neither confirm a payment nor see the history', async () => {
    const owner = await person(server);
    await subscribeAndPay(owner.client, 'starter');
    const upgrade = await owner.client.post<PaymentAnswer>('/api/upgrade-subscription', { planId: 'professional' });
    const secret = upgrade.body.clientSecret ?? '';

    const stranger = await person(server);
    const res = await confirmCard(stranger.client, secret);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: MESSAGES.testPaymentNotFound });
    expect(await planOf(owner.client)).toBe('starter');
    expect(await planOf(stranger.client)).toBe('free');
    expect((await stranger.client.get<BillingHistoryResponse>('/api/billing-history')).body).toEqual({ invoices: [] });
    expect((await owner.client.get<BillingHistoryResponse>('/api/billing-history')).body.invoices).toHaveLength(1);
  });

  it('signed out, every billing route is a 401', async () => {
    const anonymous = server.client();
    const calls = [
      anonymous.get('/api/subscription-status'),
      anonymous.get('/api/billing-history'),
      anonymous.post('/api/create-subscription', { planId: 'starter' }),
      anonymous.post('/api/upgrade-subscription', { planId: 'starter' }),
      anonymous.post('/api/complete-upgrade', { planId: 'starter' }),
      anonymous.post('/api/downgrade-subscription', { planId: 'free', validateOnly: true }),
      anonymous.post('/api/test-payments/confirm', { clientSecret: 'x', cardNumber: TEST_CARDS.succeeds }),
    ];
    expect((await Promise.all(calls)).map((res) => res.status)).toEqual(Array(calls.length).fill(401));
  });
});

describe('with Stripe configured', () => {
  it('reports Stripe and the account’s mode, and the test payment route does not exist', async () => {
    const stripeServer = await startTestServer({
      STRIPE_TEST_SECRET_KEY: 'sk_test_formscribe',
      STRIPE_TEST_PUBLISHABLE_KEY: 'pk_test_formscribe',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: '9',
      STRIPE_API_PROTOCOL: 'http',
    });
    try {
      const { client } = await person(stripeServer);
      expect((await client.get('/api/subscription-status')).body).toEqual({
        status: 'none',
        plan: 'free',
        mode: 'test',
        provider: 'stripe',
        publishableKey: 'pk_test_formscribe',
        currentPeriodEnd: null,
      });
      const res = await confirmCard(client, 'tpi_anything');
      expect(res.status).toBe(404);
    } finally {
      await stripeServer.stop();
    }
  });
});
