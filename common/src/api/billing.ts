/**
 * The caller's subscription: its status and history, the plan changes, the built-in test
 * provider's card step, and Stripe's webhook (its signature over the raw bytes is the proof).
 */
import { z } from 'zod';
import {
  billingHistoryResponseSchema,
  completeUpgradeRequestSchema,
  completeUpgradeResponseSchema,
  createSubscriptionRequestSchema,
  createSubscriptionResponseSchema,
  downgradeResultResponseSchema,
  downgradeSubscriptionRequestSchema,
  downgradeValidationResponseSchema,
  subscriptionStatusResponseSchema,
  testPaymentConfirmRequestSchema,
  testPaymentConfirmResponseSchema,
  testPaymentFailureResponseSchema,
  upgradeSubscriptionRequestSchema,
  upgradeSubscriptionResponseSchema,
} from '../schemas/billing.ts';
import { stripeWebhookResponseSchema } from '../schemas/stripeWebhook.ts';
import { defineRoutes } from './routeContract.ts';

export const billingApi = defineRoutes({
  subscriptionStatus: { method: 'get', path: '/api/subscription-status', response: subscriptionStatusResponseSchema },
  billingHistory: { method: 'get', path: '/api/billing-history', response: billingHistoryResponseSchema },
  createSubscription: {
    method: 'post',
    path: '/api/create-subscription',
    body: createSubscriptionRequestSchema,
    response: createSubscriptionResponseSchema,
  },
  upgradeSubscription: {
    method: 'post',
    path: '/api/upgrade-subscription',
    body: upgradeSubscriptionRequestSchema,
    response: upgradeSubscriptionResponseSchema,
  },
  completeUpgrade: {
    method: 'post',
    path: '/api/complete-upgrade',
    body: completeUpgradeRequestSchema,
    response: completeUpgradeResponseSchema,
  },
  /**
   * With validateOnly, the validation; without, the downgrade done (a refusal while too many forms
   * are active is a 400 carrying the validation).
   */
  downgradeSubscription: {
    method: 'post',
    path: '/api/downgrade-subscription',
    body: downgradeSubscriptionRequestSchema,
    response: z.union([downgradeValidationResponseSchema, downgradeResultResponseSchema]),
  },
  /** Succeeded, or a 402 with Stripe's wording for a declined card or insufficient funds. */
  confirmTestPayment: {
    method: 'post',
    path: '/api/test-payments/confirm',
    body: testPaymentConfirmRequestSchema,
    response: z.union([testPaymentConfirmResponseSchema, testPaymentFailureResponseSchema]),
  },
  stripeWebhook: {
    method: 'post',
    path: '/api/stripe/webhook',
    bodyKind: 'raw',
    response: stripeWebhookResponseSchema,
  },
});
