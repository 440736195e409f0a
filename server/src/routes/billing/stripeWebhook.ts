/**
 * POST /api/stripe/webhook: Stripe tells us what happened to a subscription or a payment. Public,
 * because the signature is the caller's proof: the RAW bytes (the JSON body parser skips this
 * path: its contract's `bodyKind: 'raw'`, see requestBodyTypes.ts) are checked against the Stripe-Signature header with the
 * endpoint's signing secret, and a signature older than five minutes is refused too, so a
 * captured request cannot be replayed later. Anything refused gets a 400 and changes nothing.
 * Without Stripe configured the route does not exist (404).
 */
import { billingApi } from '@formscribe/common/api/billing';
import { MESSAGES } from '@formscribe/common/messages';
import type Stripe from 'stripe';
import type { AppContext } from '../../appTypes.ts';
import { badRequest, HttpError, notFound } from '../../errors.ts';
import { stripeAccountsFor } from '../../services/billing/stripeAccounts.ts';
import { applyStripeEvent } from '../../services/billing/stripeWebhookEvents.ts';
import { route } from '../declared/declareRoute.ts';

/** Stripe's own default tolerance, stated: older signatures are refused. */
const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;
/** Stripe's events are a few kilobytes; this bounds what an unsigned caller can make us buffer. */
const MAX_PAYLOAD_BYTES = 512 * 1024;

/** The body exactly as sent. */
async function rawBody(ctx: AppContext): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_PAYLOAD_BYTES) throw new HttpError(413, 'Request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The event, if signed with one of the endpoint secrets: test-mode and live endpoints each have
 * their own, so STRIPE_WEBHOOK_SECRET may list both, comma-separated.
 */
async function verifiedEvent(ctx: AppContext, stripe: Stripe, secrets: string): Promise<Stripe.Event> {
  const signature = ctx.get('Stripe-Signature');
  if (!signature) throw badRequest(MESSAGES.stripeSignatureInvalid);
  const payload = await rawBody(ctx);
  let refusal: unknown;
  for (const secret of secrets
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    try {
      return stripe.webhooks.constructEvent(payload, signature, secret, SIGNATURE_TOLERANCE_SECONDS);
    } catch (error) {
      refusal = error;
    }
  }
  ctx.log.warn({ err: refusal }, 'stripe webhook refused');
  throw badRequest(MESSAGES.stripeSignatureInvalid);
}

const SIGNED_BY_STRIPE = 'Stripe calls it: the signature over the raw body is the proof';

route(billingApi.stripeWebhook, { public: SIGNED_BY_STRIPE }, async (ctx) => {
  const { stripe: settings, payments } = ctx.deps.config;
  if (payments.provider !== 'stripe' || !settings.webhookSecret) throw notFound(MESSAGES.notFound);
  const accounts = stripeAccountsFor(settings);
  const event = await verifiedEvent(ctx, accounts.anyClient(), settings.webhookSecret);
  const outcome = await applyStripeEvent(ctx.deps, accounts, event);
  ctx.log.info({ stripeEvent: event.id, type: event.type, outcome }, 'stripe webhook');
  return { received: true as const };
});
