/**
 * The built-in test provider's card step: POST /api/test-payments/confirm {clientSecret, cardNumber}.
 * Exists only while the test provider serves billing (a 404 when Stripe does). Answers as Stripe's
 * test cards do: 200 {status: 'succeeded'}, or 402 {error, code} for a declined card or
 * insufficient funds; any other number is a 400.
 */
import { MESSAGES } from '@formscribe/common/messages';
import {
  testPaymentConfirmRequestSchema,
  testPaymentConfirmResponseSchema,
  testPaymentFailureResponseSchema,
} from '@formscribe/common/schemas/billing';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { forbidden, notFound } from '../../errors.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { paymentProviderFor } from '../../services/billing/chooseProvider.ts';
import { confirmTestPayment } from '../../services/billing/testPaymentConfirmation.ts';
import { respond } from '../respond.ts';

export const testPaymentsRouter = new Router<AppState, AppContextExtras>();

testPaymentsRouter.post('/api/test-payments/confirm', async (ctx) => {
  const user = requireUser(ctx);
  const provider = paymentProviderFor(ctx.deps).id;
  if (provider === 'none') throw forbidden(MESSAGES.paidPlansUnavailable, { paidPlansUnavailable: true });
  if (provider !== 'test') throw notFound(MESSAGES.testPaymentsOff);
  const { clientSecret, cardNumber } = parseInput(testPaymentConfirmRequestSchema, ctx.request.body);
  // The payment's owner is checked inside, with the payment locked (policies/billing.ts).
  const outcome = await confirmTestPayment(ctx.deps, user, clientSecret, cardNumber);
  if (outcome.status === 'failed') {
    respond(ctx, testPaymentFailureResponseSchema, outcome.failure, 402);
    return;
  }
  respond(ctx, testPaymentConfirmResponseSchema, { status: 'succeeded' });
});
