import { MESSAGES } from '@formscribe/common/messages';
import type { BillingHistoryResponse, SubscriptionStatusResponse } from '@formscribe/common/schemas/billing';
import type { UserResponse } from '@formscribe/common/schemas/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyPeriodContaining, prorateCents } from '../../services/billing/proration.ts';
import {
  confirmCard,
  DAY_MS,
  historyRows,
  type PaymentAnswer,
  subscribeAndPay,
  subscribedDaysAgo,
} from '../../test/billingFixtures.ts';
import { person } from '../../test/entryFixtures.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function limitsOf(client: ReturnType<TestServer['client']>) {
  const { body } = await client.get<UserResponse>('/api/user');
  return [body.subscriptionStatus, body.activeFormLimit, body.imageCountLimitPerForm, body.imageSizeLimitMB];
}

const newForm = (client: ReturnType<TestServer['client']>, name: string) =>
  client.post('/api/forms', { name, fields: [], requiredEntriesPerImage: 1 });

describe('free → paid', () => {
  it('free → starter: pays the monthly price, then the plan, its limits and a second form are there', async () => {
    const { user, client } = await person(server);
    expect((await newForm(client, 'First')).status).toBe(201);
    expect((await newForm(client, 'Second')).status).toBe(403);
    const before = await client.get<SubscriptionStatusResponse>('/api/subscription-status');
    expect(before.body).toEqual({
      status: 'none',
      plan: 'free',
      mode: 'test',
      provider: 'test',
      publishableKey: null,
      currentPeriodEnd: null,
    });

    const started = await client.post<PaymentAnswer>('/api/create-subscription', { planId: 'starter' });
    expect(started.status).toBe(200);
    expect(started.body).toEqual({ clientSecret: expect.any(String), message: MESSAGES.subscriptionPaymentStarted });
    // Nothing changes until the payment goes through.
    expect(await limitsOf(client)).toEqual(['free', 1, 50, 2.5]);
    const paid = await confirmCard(client, started.body.clientSecret ?? '');
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ status: 'succeeded' });

    expect(await limitsOf(client)).toEqual(['starter', 5, 100, 5]);
    const status = (await client.get<SubscriptionStatusResponse>('/api/subscription-status')).body;
    expect(status).toMatchObject({ status: 'active', plan: 'starter', mode: 'test', provider: 'test' });
    const periodEnd = Date.parse(status.currentPeriodEnd ?? '');
    expect(periodEnd - Date.now()).toBeGreaterThan(27 * DAY_MS);
    expect(periodEnd - Date.now()).toBeLessThanOrEqual(31 * DAY_MS);
    expect((await newForm(client, 'Second')).status).toBe(201);

    const history = await client.get<BillingHistoryResponse>('/api/billing-history');
    expect(history.body.invoices).toEqual([
      {
        id: expect.any(String),
        type: 'payment',
        source: 'test',
        date: expect.any(String),
        description: 'Starter plan, monthly subscription',
        amount: 1900,
        currency: 'usd',
        status: 'succeeded',
        invoiceUrl: null,
        downloadUrl: null,
      },
    ]);
    expect((await historyRows(user.id)).length).toBe(1);
  });

  it('free → professional through upgrade-subscription: requires the full price, then professional limits', async () => {
    const { client } = await person(server);
    const started = await client.post<PaymentAnswer>('/api/upgrade-subscription', { planId: 'professional' });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ requiresPayment: true, clientSecret: expect.any(String) });
    expect((await confirmCard(client, started.body.clientSecret ?? '')).status).toBe(200);
    expect(await limitsOf(client)).toEqual(['professional', 20, 500, 10]);
    const history = (await client.get<BillingHistoryResponse>('/api/billing-history')).body.invoices;
    expect(history.map((row) => [row.type, row.amount, row.status])).toEqual([['payment', 4900, 'succeeded']]);
  });

  it('refuses a plan that is not for sale', async () => {
    const { client } = await person(server);
    for (const planId of ['free', 'enterprise', undefined]) {
      const res = await client.post('/api/create-subscription', { planId });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: MESSAGES.invalidPlan });
    }
  });
});

describe('between paid plans', () => {
  it('starter → professional charges the difference for the rest of the period, keeping the period', async () => {
    const { user, client } = await person(server);
    await subscribeAndPay(client, 'starter');
    const anchor = await subscribedDaysAgo(user.id, 10);
    const periodEnd = monthlyPeriodContaining(anchor, new Date()).end;

    const asked = new Date();
    const started = await client.post<PaymentAnswer>('/api/upgrade-subscription', { planId: 'professional' });
    expect(started.body).toMatchObject({ requiresPayment: true, clientSecret: expect.any(String) });
    expect((await confirmCard(client, started.body.clientSecret ?? '')).status).toBe(200);
    const completed = await client.post('/api/complete-upgrade', { planId: 'professional' });
    expect(completed.status).toBe(200);
    expect(completed.body).toEqual({ message: MESSAGES.upgradeCompleted, plan: 'professional' });

    const charge = (await client.get<BillingHistoryResponse>('/api/billing-history')).body.invoices[0];
    const expected = prorateCents(1900, 4900, monthlyPeriodContaining(anchor, asked), asked);
    expect(expected).toBeGreaterThan(1900); // about two thirds of the $30 difference
    expect(charge).toMatchObject({ type: 'charge', status: 'succeeded', source: 'test' });
    expect(Math.abs((charge?.amount ?? 0) - expected)).toBeLessThanOrEqual(1);
    expect(await limitsOf(client)).toEqual(['professional', 20, 500, 10]);
    const status = (await client.get<SubscriptionStatusResponse>('/api/subscription-status')).body;
    expect(status.currentPeriodEnd).toBe(periodEnd.toISOString());
  });

  it('professional → starter credits the unused difference, which then pays for going back up', async () => {
    const { user, client } = await person(server);
    await subscribeAndPay(client, 'professional');
    const anchor = await subscribedDaysAgo(user.id, 20);
    const asked = new Date();
    const res = await client.post('/api/downgrade-subscription', { planId: 'starter' });
    expect(res.status).toBe(200);
    const expected = -prorateCents(4900, 1900, monthlyPeriodContaining(anchor, asked), asked);
    expect(res.body).toMatchObject({ message: MESSAGES.downgradeCompleted, plan: 'starter' });
    const { creditAmount } = res.body as { creditAmount: number };
    expect(Math.abs(creditAmount - expected)).toBeLessThanOrEqual(1);
    expect(await limitsOf(client)).toEqual(['starter', 5, 100, 5]);
    const credit = (await client.get<BillingHistoryResponse>('/api/billing-history')).body.invoices[0];
    expect(credit).toMatchObject({ type: 'credit', amount: creditAmount, status: 'issued' });

    // Later in the same period the way back up costs less than the credit: nothing to pay.
    const back = await client.post<PaymentAnswer>('/api/upgrade-subscription', { planId: 'professional' });
    expect(back.body).toEqual({ requiresPayment: false, clientSecret: null, message: MESSAGES.upgradeCompleted });
    expect(await limitsOf(client)).toEqual(['professional', 20, 500, 10]);
  });

  it('paid → free cancels with a prorated credit and the free limits', async () => {
    const { client } = await person(server);
    await subscribeAndPay(client, 'starter');
    const res = await client.post('/api/downgrade-subscription', { planId: 'free' });
    expect(res.status).toBe(200);
    // Subscribed a moment ago: practically the whole month comes back.
    expect((res.body as { creditAmount: number }).creditAmount).toBeGreaterThanOrEqual(1899);
    expect(await limitsOf(client)).toEqual(['free', 1, 50, 2.5]);
    const status = (await client.get<SubscriptionStatusResponse>('/api/subscription-status')).body;
    expect(status).toMatchObject({ status: 'canceled', plan: 'free', currentPeriodEnd: null });
  });

  it('the same plan changes nothing: No Plan Change Needed', async () => {
    const { user, client } = await person(server);
    await subscribeAndPay(client, 'starter');
    const before = await historyRows(user.id);
    const asks = [
      client.post('/api/create-subscription', { planId: 'starter' }),
      client.post('/api/upgrade-subscription', { planId: 'starter' }),
      client.post('/api/downgrade-subscription', { planId: 'starter', validateOnly: true }),
      client.post('/api/downgrade-subscription', { planId: 'starter' }),
    ];
    for (const res of await Promise.all(asks)) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: MESSAGES.noPlanChangeNeeded });
    }
    expect(await historyRows(user.id)).toEqual(before);
    expect(await limitsOf(client)).toEqual(['starter', 5, 100, 5]);
  });

  it('sends each change the right way: no downgrade by upgrade, no upgrade by downgrade, one subscription', async () => {
    const { client } = await person(server);
    await subscribeAndPay(client, 'professional');
    expect((await client.post('/api/upgrade-subscription', { planId: 'starter' })).body).toEqual({
      message: MESSAGES.upgradeToCheaperPlan,
    });
    expect((await client.post('/api/create-subscription', { planId: 'starter' })).status).toBe(409);
    const free = await person(server);
    const res = await free.client.post('/api/downgrade-subscription', { planId: 'starter', validateOnly: true });
    expect(res.body).toEqual({ message: MESSAGES.downgradeToDearerPlan });
  });
});
