/**
 * The provider of a deployment that takes no payments: production without Stripe keys and
 * without PAYMENTS_TEST_PROVIDER (config.ts). Every call that would start or confirm a payment is
 * refused with one clear message, so no path can put an account on a paid plan; a downgrade still
 * works (nothing was paid through it, so it credits nothing).
 */
import { MESSAGES } from '@formscribe/common/messages';
import { forbidden } from '../../errors.ts';
import type { PaymentProvider } from './paymentProvider.ts';

async function refuse(): Promise<never> {
  throw forbidden(MESSAGES.paidPlansUnavailable, { paidPlansUnavailable: true });
}

export function createPaymentsOffProvider(): PaymentProvider {
  return {
    id: 'none',
    modeFor: () => 'test',
    publishableKeyFor: () => null,
    startSubscription: refuse,
    startUpgrade: refuse,
    confirmUpgrade: refuse,
    downgrade: async () => ({ creditCents: 0, providerReference: null }),
  };
}
