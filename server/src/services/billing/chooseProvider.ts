/**
 * Which payment provider serves billing, chosen once per app from its settings (config.payments):
 * Stripe when a Stripe secret key (live or test) is configured, else the built-in test provider
 * where it may run, else none (paid plans unavailable). Kept per config object rather than in
 * AppDeps so that tests starting several apps get one each.
 */
import type { AppDeps } from '../../appTypes.ts';
import type { Config } from '../../config.ts';
import type { PaymentProvider } from './paymentProvider.ts';
import { createPaymentsOffProvider } from './paymentsOff.ts';
import { createStripeProvider } from './stripeProvider.ts';
import { createTestProvider } from './testProvider.ts';

const providers = new WeakMap<Config, PaymentProvider>();

export function chooseProvider(config: Config): PaymentProvider {
  switch (config.payments.provider) {
    case 'stripe':
      return createStripeProvider(config);
    case 'test':
      return createTestProvider();
    case 'none':
      return createPaymentsOffProvider();
  }
}

/** The app's provider (made on first use). */
export function paymentProviderFor(deps: Pick<AppDeps, 'config'>): PaymentProvider {
  let provider = providers.get(deps.config);
  if (!provider) {
    provider = chooseProvider(deps.config);
    providers.set(deps.config, provider);
  }
  return provider;
}
