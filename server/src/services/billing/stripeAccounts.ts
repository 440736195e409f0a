/**
 * The Stripe key pairs and which one serves a user. Stripe's test and live modes are separate
 * worlds (a customer made with the test key does not exist for the live key), so every call
 * about a user goes through the pair their `stripeTestMode` picks, and a webhook event through the
 * pair of the mode it came from (`event.livemode`).
 *
 * When only one pair is configured it serves everyone, with one exception: a user marked for test
 * mode is never charged with a live key (the call is refused instead).
 */
import { MESSAGES } from '@formscribe/common/messages';
import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import { HttpError } from '../../errors.ts';
import type { User } from '../../models/index.ts';
import type { PaymentMode } from './paymentProvider.ts';

export interface StripeAccount {
  mode: PaymentMode;
  stripe: Stripe;
  publishableKey: string | null;
}

export class StripeAccounts {
  private readonly accounts = new Map<PaymentMode, StripeAccount>();

  constructor(settings: Config['stripe']) {
    const connection = {
      ...(settings.apiHost ? { host: settings.apiHost } : {}),
      ...(settings.apiPort ? { port: settings.apiPort } : {}),
      ...(settings.apiProtocol ? { protocol: settings.apiProtocol } : {}),
      // Every mutating call carries an idempotency key, so the library may retry a dropped connection.
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: 'Formscribe' },
    };
    if (settings.secretKey) {
      this.accounts.set('live', {
        mode: 'live',
        stripe: new Stripe(settings.secretKey, connection),
        publishableKey: settings.publishableKey ?? null,
      });
    }
    if (settings.testSecretKey) {
      this.accounts.set('test', {
        mode: 'test',
        stripe: new Stripe(settings.testSecretKey, connection),
        publishableKey: settings.testPublishableKey ?? null,
      });
    }
  }

  /** The mode that serves `user`: test when they are marked for it or when only test keys exist. */
  modeFor(user: User): PaymentMode {
    return user.stripeTestMode || !this.accounts.has('live') ? 'test' : 'live';
  }

  /** The account that serves `user`; a 503 when their mode has no keys. */
  forUser(user: User): StripeAccount {
    const mode = this.modeFor(user);
    const account = this.accounts.get(mode);
    if (!account) {
      throw new HttpError(
        503,
        mode === 'test' ? MESSAGES.stripeTestModeNotConfigured : MESSAGES.stripeLiveModeNotConfigured,
      );
    }
    return account;
  }

  /** The account of one mode, if configured (webhook events name their mode). */
  forMode(mode: PaymentMode): StripeAccount | undefined {
    return this.accounts.get(mode);
  }

  /** Any configured client: signature checks need no key, only the library. */
  anyClient(): Stripe {
    const account = this.accounts.get('live') ?? this.accounts.get('test');
    if (!account) throw new Error('Stripe is not configured');
    return account.stripe;
  }
}

const accountsBySettings = new WeakMap<Config['stripe'], StripeAccounts>();

/** One set of Stripe clients per app (per config object), for callers outside the provider (the webhook). */
export function stripeAccountsFor(settings: Config['stripe']): StripeAccounts {
  let accounts = accountsBySettings.get(settings);
  if (!accounts) {
    accounts = new StripeAccounts(settings);
    accountsBySettings.set(settings, accounts);
  }
  return accounts;
}
