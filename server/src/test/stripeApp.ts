/**
 * The app with Stripe as its payment provider, its Stripe client pointed at a local stand-in
 * (stripeStandIn.ts): both key pairs are configured, so a user's stripeTestMode picks one. Also
 * delivers webhooks the way Stripe does: a JSON body signed with the endpoint's secret.
 */
import { User } from '../models/index.ts';
import { StripeStandIn } from './stripeStandIn.ts';
import type { StandInEvent } from './stripeStandInObjects.ts';
import type { TestClient } from './testClient.ts';
import { startTestServer, type TestServer } from './testServer.ts';

export const STRIPE_KEYS = {
  live: { secret: 'sk_live_formscribe_tests', publishable: 'pk_live_formscribe_tests' },
  test: { secret: 'sk_test_formscribe_tests', publishable: 'pk_test_formscribe_tests' },
  webhookSecret: 'whsec_formscribe_tests',
} as const;

export interface StripeApp {
  server: TestServer;
  stripe: StripeStandIn;
  /** Posts the event to /api/stripe/webhook signed as Stripe would (or with another secret/time). */
  deliver(event: StandInEvent, options?: { secret?: string; timestamp?: number }): Promise<Response>;
  stop(): Promise<void>;
}

export async function startStripeApp(): Promise<StripeApp> {
  const stripe = await StripeStandIn.start();
  const server = await startTestServer({
    ...stripe.env,
    STRIPE_SECRET_KEY: STRIPE_KEYS.live.secret,
    STRIPE_PUBLISHABLE_KEY: STRIPE_KEYS.live.publishable,
    STRIPE_TEST_SECRET_KEY: STRIPE_KEYS.test.secret,
    STRIPE_TEST_PUBLISHABLE_KEY: STRIPE_KEYS.test.publishable,
    STRIPE_WEBHOOK_SECRET: STRIPE_KEYS.webhookSecret,
  });
  return {
    server,
    stripe,
    deliver(event, options = {}) {
      const { payload, signature } = stripe.signed(
        event,
        options.secret ?? STRIPE_KEYS.webhookSecret,
        options.timestamp,
      );
      return fetch(new URL('/api/stripe/webhook', server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        body: payload,
      });
    },
    async stop() {
      await server.stop();
      await stripe.stop();
    },
  };
}

/** Marks the user for Stripe's test mode (the super administrator's switch). */
export async function useStripeTestMode(user: User): Promise<void> {
  await User.query().patch({ stripeTestMode: true }).findById(user.id);
}

/** The user's Stripe subscription in the stand-in (what the app stored its id as). */
export async function standInSubscriptionOf(app: StripeApp, user: User) {
  const row = await User.query().findById(user.id);
  const subscription = app.stripe.billing.subscriptions.get(row?.stripeSubscriptionId ?? '');
  if (!subscription) throw new Error(`user ${user.id} has no subscription in the Stripe stand-in`);
  return subscription;
}

/**
 * What a checkout does end to end: the app creates the subscription, the client confirms its
 * first invoice with a good card (Stripe Elements, here the stand-in's payInvoice), and Stripe
 * sends invoice.paid. Returns that event, already delivered.
 */
export async function subscribeAndPay(
  app: StripeApp,
  client: TestClient,
  user: User,
  planId: 'starter' | 'professional',
) {
  const started = await client.post<{ clientSecret: string | null }>('/api/create-subscription', { planId });
  if (started.status !== 200) throw new Error(`create-subscription: ${started.status} ${started.text}`);
  const subscription = await standInSubscriptionOf(app, user);
  const invoice = app.stripe.billing.payInvoice(subscription.latest_invoice ?? '');
  const event = app.stripe.event('invoice.paid', invoice);
  const delivered = await app.deliver(event);
  if (delivered.status !== 200) throw new Error(`webhook: ${delivered.status} ${await delivered.text()}`);
  return event;
}
