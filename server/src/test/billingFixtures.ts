/** Steps of the billing journeys, driven through the real routes with the built-in test provider. */
import type { PlanId } from '@formscribe/common/plans';
import { TEST_CARDS } from '@formscribe/common/schemas/billing';
import { BillingEntry } from '../models/BillingEntry.ts';
import { Subscription } from '../models/Subscription.ts';
import { signedInAdmin } from './factories.ts';
import type { TestClient } from './testClient.ts';
import type { TestServer } from './testServer.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface PaymentAnswer {
  clientSecret: string | null;
  requiresPayment?: boolean;
  message: string;
}

export function confirmCard(client: TestClient, clientSecret: string, cardNumber: string = TEST_CARDS.succeeds) {
  return client.post('/api/test-payments/confirm', { clientSecret, cardNumber });
}

/** Subscribes from free and pays with the card that succeeds; throws unless the plan is active after. */
export async function subscribeAndPay(client: TestClient, planId: Exclude<PlanId, 'free'>): Promise<void> {
  const started = await client.post<PaymentAnswer>('/api/create-subscription', { planId });
  if (started.status !== 200 || !started.body.clientSecret)
    throw new Error(`subscribe: ${started.status} ${started.text}`);
  const paid = await confirmCard(client, started.body.clientSecret);
  if (paid.status !== 200) throw new Error(`pay: ${paid.status} ${paid.text}`);
}

/** Moves the account's billing period back, as if it had subscribed `days` days ago. */
export async function subscribedDaysAgo(userId: number, days: number): Promise<Date> {
  const anchor = new Date(Date.now() - days * DAY_MS);
  await Subscription.query().patch({ billingAnchor: anchor }).where({ userId });
  return anchor;
}

export async function historyRows(userId: number): Promise<BillingEntry[]> {
  return await BillingEntry.query().where({ userId }).orderBy('id');
}

/** A client signed in as the super administrator (who grants plans in 'Edit User Settings'). */
export async function adminClient(server: TestServer): Promise<TestClient> {
  return (await signedInAdmin(server)).client;
}
