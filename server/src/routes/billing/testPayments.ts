/**
 * The built-in test provider's card step: POST /api/test-payments/confirm {clientSecret, cardNumber}.
 * Exists only while the test provider serves billing (a 404 when Stripe does). Answers as Stripe's
 * test cards do: 200 {status: 'succeeded'}, or 402 {error, code} for a declined card or
 * insufficient funds; any other number is a 400.
 */
import { billingApi } from '@formscribe/common/api/billing';
import { MESSAGES } from '@formscribe/common/messages';
import type { AppMiddleware } from '../../appTypes.ts';
import { forbidden, notFound } from '../../errors.ts';
import { paymentProviderFor } from '../../services/billing/chooseProvider.ts';
import { confirmTestPayment } from '../../services/billing/testPaymentConfirmation.ts';
import { route } from '../declared/declareRoute.ts';

/** Before the body is read: without the test provider the route is not there (or paid plans are off). */
const testProviderOnly: AppMiddleware = async (ctx, next) => {
  const provider = paymentProviderFor(ctx.deps).id;
  if (provider === 'none') throw forbidden(MESSAGES.paidPlansUnavailable, { paidPlansUnavailable: true });
  if (provider !== 'test') throw notFound(MESSAGES.testPaymentsOff);
  await next();
};

route(
  billingApi.confirmTestPayment,
  { policy: 'self', before: [testProviderOnly] },
  async (ctx, { user, body: { clientSecret, cardNumber } }) => {
    // The payment's owner is checked inside, with the payment locked (policies/billing.ts).
    const outcome = await confirmTestPayment(ctx.deps, user, clientSecret, cardNumber);
    if (outcome.status !== 'failed') return { status: 'succeeded' as const };
    // Stripe's answer to a refused card: its words and code, under 402.
    ctx.status = 402;
    return outcome.failure;
  },
);
