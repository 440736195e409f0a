/**
 * The one boundary between billing and whoever takes the money. Three implementations sit behind
 * it: Stripe (stripeProvider.ts, when Stripe keys are configured), the built-in test provider
 * (testProvider.ts, the embedded default: its payments are rows in PostgreSQL), and nobody
 * (paymentsOff.ts: production without Stripe keys, where every payment is refused).
 *
 * Who does what:
 * - The billing services (planChange.ts and friends) decide WHAT happens: which plan, how much
 *   (proration.ts, one function for both providers), and they apply a plan to the account
 *   (status, limits, billing-history row) in one transaction.
 * - A provider only moves money and keeps its own records: it starts a payment the client
 *   confirms (a client secret), tells whether an upgrade's payment went through, and issues a
 *   downgrade's credit. Every call runs inside the caller's transaction with the user's row
 *   locked, so two clicks of the same button are served one after the other.
 * - Every mutating call carries an idempotency key that is the same for a double click or a
 *   retry of one operation and different for the next operation: Stripe gets it as its
 *   Idempotency-Key, the test provider stores it under a unique constraint.
 */
import type { Plan, PlanId } from '@formscribe/common/plans';
import type { Knex } from 'knex';
import type { User } from '../../models/index.ts';

/** 'none': the deployment takes no payments (paymentsOff.ts). */
export type ProviderId = 'stripe' | 'test' | 'none';
/** Which money a user's payments move; the test provider is always 'test'. */
export type PaymentMode = 'test' | 'live';

/** A monthly billing period: [start, end). */
export interface BillingPeriod {
  start: Date;
  end: Date;
}

/** What every provider call gets. */
export interface ProviderCall {
  /** The caller's transaction: whatever the provider writes to our database goes in it. */
  trx: Knex.Transaction;
  /** The user's row, locked FOR UPDATE in `trx`. A provider may patch its own columns (stripe ids) in `trx`. */
  user: User;
  /** Stable for one operation (a double click or retry sends the same), new for the next. */
  idempotencyKey: string;
}

export interface StartSubscriptionCall extends ProviderCall {
  plan: Plan;
  /**
   * The first period's price in integer cents. A provider that keeps an account credit (Stripe's
   * customer balance, the test provider's) spends it first; nothing left to pay → null client secret.
   */
  amountCents: number;
}

export interface PlanChangeCall extends ProviderCall {
  from: Plan;
  to: Plan;
  /** The current period the change is prorated over. */
  period: BillingPeriod;
  /**
   * Upgrade: the prorated charge (integer cents, >= 0), before any account credit the provider spends first.
   * Downgrade: the prorated credit the user gets (integer cents, >= 0).
   * Computed by proration.ts; a provider that prorates itself (Stripe) should arrive at the same.
   * confirmUpgrade gets 0 (nothing new is charged).
   */
  amountCents: number;
}

/** A payment the client has to confirm, or nothing to confirm. */
export interface PaymentStart {
  /**
   * Handed to the client's payment form (Stripe Elements, or the test provider's card form which
   * posts it to POST /api/test-payments/confirm). Null when nothing is due: the change applies now.
   */
  clientSecret: string | null;
  /** The provider's id for the payment/subscription, for logs and history (never sent as a Stripe id to clients). */
  providerReference: string | null;
}

export interface UpgradeConfirmation {
  /** The upgrade's payment went through: billing applies the plan (once). */
  paid: boolean;
  /** When not paid: why, in words a user can read. */
  reason?: string;
}

export interface DowngradeResult {
  /** The credit actually issued, in integer cents. */
  creditCents: number;
  providerReference: string | null;
}

/**
 * Implemented by the test provider (testProvider.ts) and by Stripe (stripeProvider.ts exports
 * `createStripeProvider(config: Config): PaymentProvider`); chooseProvider.ts picks one at start.
 */
export interface PaymentProvider {
  readonly id: ProviderId;
  /** 'test' or 'live' for this user (Stripe: the user's stripeTestMode picks the key pair). */
  modeFor(user: User): PaymentMode;
  /** The publishable key the client's payment form needs for this user; null for the test provider. */
  publishableKeyFor(user: User): string | null;
  /**
   * Free to a paid plan. Returns the client secret of the first payment; the plan is applied when
   * that payment succeeds (Stripe: its webhook; test provider: its confirm route), not here.
   */
  startSubscription(call: StartSubscriptionCall): Promise<PaymentStart>;
  /**
   * A paid plan to a dearer one, charging `amountCents`. A null client secret means nothing had to
   * be paid and billing applies the plan at once; otherwise after the client confirmed the payment
   * the client calls POST /api/complete-upgrade, which asks `confirmUpgrade`.
   */
  startUpgrade(call: PlanChangeCall): Promise<PaymentStart>;
  /** Whether the payment of the upgrade to `to` (started by `startUpgrade`) has succeeded. */
  confirmUpgrade(call: PlanChangeCall): Promise<UpgradeConfirmation>;
  /**
   * A paid plan to a cheaper one, or to free (cancel the subscription), issuing `amountCents` as
   * credit. Billing applies the plan in the same transaction right after.
   */
  downgrade(call: PlanChangeCall): Promise<DowngradeResult>;
}

/** The plans a provider may be asked to start or change to (free is reached by downgrade only). */
export type PaidPlanId = Exclude<PlanId, 'free'>;
