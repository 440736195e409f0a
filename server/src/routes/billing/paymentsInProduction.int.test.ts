/**
 * A production deployment never runs the built-in test provider by accident: without Stripe keys
 * paid plans are unavailable (every route that would take a payment refuses, the public test card
 * included), unless PAYMENTS_TEST_PROVIDER=true opts in, which the billing status and the
 * administrator's system status then both say. A laptop and the tests keep the test provider.
 */
import { MESSAGES } from '@formscribe/common/messages';
import type { AdminStats } from '@formscribe/common/schemas/admin';
import type { SubscriptionStatusResponse } from '@formscribe/common/schemas/billing';
import type { UserResponse } from '@formscribe/common/schemas/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestPayment } from '../../models/TestPayment.ts';
import { adminClient, confirmCard, type PaymentAnswer, subscribeAndPay } from '../../test/billingFixtures.ts';
import { person } from '../../test/entryFixtures.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

async function paymentsCheck(server: TestServer) {
  const stats = await (await adminClient(server)).get<AdminStats>('/api/admin/stats');
  return stats.body.checks.find((check) => check.name === 'payments');
}

const UNAVAILABLE = { message: MESSAGES.paidPlansUnavailable, paidPlansUnavailable: true };

describe('production without Stripe keys', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ NODE_ENV: 'production' });
  });
  afterAll(() => server.stop());

  it('refuses every paid plan, the public test card included, and says so', async () => {
    const { user, client } = await person(server);
    const status = await client.get<SubscriptionStatusResponse>('/api/subscription-status');
    expect(status.body).toMatchObject({ provider: 'none', plan: 'free' });

    for (const [path, planId] of [
      ['/api/create-subscription', 'starter'],
      ['/api/upgrade-subscription', 'professional'],
    ] as const) {
      const refused = await client.post(path, { planId });
      expect([path, refused.status, refused.body]).toEqual([path, 403, UNAVAILABLE]);
    }
    const card = await confirmCard(client, 'tpi_0_secret_0');
    expect([card.status, card.body]).toEqual([403, UNAVAILABLE]);

    expect((await client.get<UserResponse>('/api/user')).body.subscriptionStatus).toBe('free');
    expect(await TestPayment.query().where({ userId: user.id }).resultSize()).toBe(0);
  });

  it('shows the administrator that payments are off', async () => {
    expect(await paymentsCheck(server)).toEqual({
      name: 'payments',
      label: 'Payments',
      ok: true,
      detail: 'Off: no Stripe keys are set, so paid plans are unavailable',
    });
  });
});

describe('production with PAYMENTS_TEST_PROVIDER=true', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ NODE_ENV: 'production', PAYMENTS_TEST_PROVIDER: 'true' });
  });
  afterAll(() => server.stop());

  it('takes test cards, and the billing status and the system status both say test payments are on', async () => {
    const { client } = await person(server);
    await subscribeAndPay(client, 'starter');
    expect((await client.get<UserResponse>('/api/user')).body.subscriptionStatus).toBe('starter');
    const status = await client.get<SubscriptionStatusResponse>('/api/subscription-status');
    expect(status.body).toMatchObject({ provider: 'test', mode: 'test' });
    expect((await paymentsCheck(server))?.detail).toBe(`${MESSAGES.testPaymentsOn} (PAYMENTS_TEST_PROVIDER=true)`);
  });
});

describe('a laptop (NODE_ENV not production) without Stripe keys', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ NODE_ENV: 'development' });
  });
  afterAll(() => server.stop());

  it('keeps the test provider by default', async () => {
    const { client } = await person(server);
    const started = await client.post<PaymentAnswer>('/api/create-subscription', { planId: 'starter' });
    expect(started.status).toBe(200);
    expect((await paymentsCheck(server))?.detail).toBe(MESSAGES.testPaymentsOn);
  });
});
