/**
 * Billing calls (spec section 7, Subscriptions): requests and responses of every billing route,
 * and the built-in test provider's payment confirmation. Amounts are integer cents everywhere.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { PLAN_IDS } from '../plans.ts';

export const planIdSchema = z.enum(PLAN_IDS, { error: MESSAGES.invalidPlan });
/** Plans one can pay for: checkout, create and upgrade take only these. */
export const paidPlanIdSchema = z.enum(['starter', 'professional'], { error: MESSAGES.invalidPlan });
export type PaidPlanId = z.infer<typeof paidPlanIdSchema>;

/** The state of an account's subscription; 'none' for an account that is not subscribed. */
export const SUBSCRIPTION_STATES = ['none', 'active', 'past_due', 'unpaid', 'canceled', 'incomplete'] as const;

/** GET /api/subscription-status */
export const subscriptionStatusResponseSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATES),
  plan: z.enum(PLAN_IDS),
  /** 'live' only with Stripe's live keys; the test provider is always 'test'. */
  mode: z.enum(['test', 'live']),
  /** 'none': this server takes no payments (production without Stripe keys), so paid plans are unavailable. */
  provider: z.enum(['stripe', 'test', 'none']),
  /** Stripe's publishable key for this account's mode; null with the test provider. */
  publishableKey: z.string().nullable(),
  /** ISO date-time the current paid period ends; null when not subscribed. */
  currentPeriodEnd: z.string().nullable(),
});
export type SubscriptionStatusResponse = z.infer<typeof subscriptionStatusResponseSchema>;

export const BILLING_ENTRY_TYPES = ['invoice', 'payment', 'credit', 'charge', 'refund', 'activity', 'failure'] as const;

/** One row of the Account Activity table. */
export const billingInvoiceSchema = z.object({
  id: z.string(),
  type: z.enum(BILLING_ENTRY_TYPES),
  /** Who recorded it: 'test' (built-in provider), 'stripe', or 'formscribe' (plan activity). */
  source: z.string(),
  /** ISO date-time. */
  date: z.string(),
  description: z.string(),
  /** Integer cents, never negative: the type says which way the money went (a credit is money back). */
  amount: z.number().int().nonnegative(),
  /** ISO 4217, lower case ('usd'). */
  currency: z.string(),
  /** succeeded/paid, issued (credit), failed, completed (activity), open, pending ... */
  status: z.string(),
  invoiceUrl: z.string().nullable(),
  downloadUrl: z.string().nullable(),
});
export type BillingInvoice = z.infer<typeof billingInvoiceSchema>;

/** GET /api/billing-history: newest first. */
export const billingHistoryResponseSchema = z.object({ invoices: z.array(billingInvoiceSchema) });
export type BillingHistoryResponse = z.infer<typeof billingHistoryResponseSchema>;

/** POST /api/create-subscription */
export const createSubscriptionRequestSchema = z.object({ planId: paidPlanIdSchema });
/** clientSecret null: nothing to pay now (account credit covered it), the plan is already active. */
export const createSubscriptionResponseSchema = z.object({ clientSecret: z.string().nullable(), message: z.string() });

/** POST /api/upgrade-subscription */
export const upgradeSubscriptionRequestSchema = z.object({ planId: paidPlanIdSchema });
export const upgradeSubscriptionResponseSchema = z.object({
  requiresPayment: z.boolean(),
  clientSecret: z.string().nullable(),
  message: z.string(),
});

/** POST /api/complete-upgrade: after the upgrade's payment was confirmed. */
export const completeUpgradeRequestSchema = z.object({ planId: paidPlanIdSchema });
export const completeUpgradeResponseSchema = z.object({ message: z.string(), plan: z.enum(PLAN_IDS) });

/** POST /api/downgrade-subscription: validateOnly true asks first; without it the downgrade happens. */
export const downgradeSubscriptionRequestSchema = z.object({
  planId: planIdSchema,
  validateOnly: z.boolean().optional().default(false),
});

/** A form the owner may pick in the 'Select Forms to Deactivate' dialog. */
export const formToDeactivateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** ISO date-time. */
  createdAt: z.string(),
  organizationName: z.string().nullable(),
});
export type FormToDeactivate = z.infer<typeof formToDeactivateSchema>;

/**
 * The downgrade validation: the answer to validateOnly, and the body of the 400 that refuses a
 * downgrade while more forms are active than the new plan allows. formsToDeactivate lists every
 * active form (the choices); at least formsRequired of them must be deactivated.
 */
export const downgradeValidationResponseSchema = z.object({
  needsFormSelection: z.boolean(),
  formsToDeactivate: z.array(formToDeactivateSchema),
  formsRequired: z.number().int().nonnegative(),
  errors: z.array(z.string()),
  message: z.string(),
});
export type DowngradeValidation = z.infer<typeof downgradeValidationResponseSchema>;

/** A performed downgrade: the new plan and the prorated credit issued (integer cents). */
export const downgradeResultResponseSchema = z.object({
  message: z.string(),
  plan: z.enum(PLAN_IDS),
  creditAmount: z.number().int().nonnegative(),
});
export type DowngradeResult = z.infer<typeof downgradeResultResponseSchema>;

/** Stripe's well-known test cards, which the built-in test provider answers like Stripe does. */
export const TEST_CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

/** POST /api/test-payments/confirm (built-in test provider only). Spaces in the number are allowed. */
export const testPaymentConfirmRequestSchema = z.object({
  clientSecret: z.string({ error: MESSAGES.testPaymentNotFound }).min(1, MESSAGES.testPaymentNotFound).max(200),
  cardNumber: z
    .string({ error: MESSAGES.cardNumberInvalid })
    .transform((number) => number.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, MESSAGES.cardNumberInvalid)),
});
export const testPaymentConfirmResponseSchema = z.object({ status: z.literal('succeeded') });
/** The 402 of a test card that fails, worded as Stripe words it. */
export const testPaymentFailureResponseSchema = z.object({
  error: z.string(),
  code: z.enum(['card_declined', 'insufficient_funds']),
});
