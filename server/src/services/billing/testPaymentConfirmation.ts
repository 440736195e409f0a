/**
 * The test provider's card step (POST /api/test-payments/confirm): Stripe's well-known test
 * cards answer as Stripe would. A payment that succeeds is recorded and its plan applied at once,
 * in one transaction (as Stripe's webhook would), for a new subscription and an upgrade alike.
 *
 * Charged once: the owner's row is locked, so a second confirm of the same client secret waits
 * for the first, then finds the payment succeeded and answers succeeded without a second charge.
 * A payment made for an earlier state of the account (another change happened since) is voided.
 */
import { MESSAGES } from '@formscribe/common/messages';
import { PLANS } from '@formscribe/common/plans';
import { TEST_CARDS } from '@formscribe/common/schemas/billing';
import type { AppDeps } from '../../appTypes.ts';
import { badRequest, conflict } from '../../errors.ts';
import type { User } from '../../models/index.ts';
import { TestPayment } from '../../models/TestPayment.ts';
import { loadOwnTestPayment } from '../../policies/billing.ts';
import { lockOwner } from '../forms/formLimits.ts';
import { findSubscription } from './accountSubscription.ts';
import { dollars, recordBillingEntry } from './billingHistory.ts';
import { announcePlanAfterCommit, applyPlan } from './planChange.ts';
import { spendCredit } from './testProvider.ts';

type CardFailure = { code: 'card_declined' | 'insufficient_funds'; error: string };

const digits = (card: string) => card.replace(/\s+/g, '');

/** What the card does, as Stripe's test mode answers it. */
function cardOutcome(cardNumber: string): 'succeeds' | CardFailure {
  switch (cardNumber) {
    case digits(TEST_CARDS.succeeds):
      return 'succeeds';
    case digits(TEST_CARDS.declined):
      return { code: 'card_declined', error: MESSAGES.cardDeclined };
    case digits(TEST_CARDS.insufficientFunds):
      return { code: 'insufficient_funds', error: MESSAGES.insufficientFunds };
    default:
      throw badRequest(MESSAGES.unknownTestCard);
  }
}

export type ConfirmOutcome =
  | { status: 'succeeded' }
  | { status: 'failed'; failure: CardFailure }
  | { status: 'voided' };

/** Confirms `clientSecret` with `cardNumber` (digits only) for its owner. */
export async function confirmTestPayment(
  deps: AppDeps,
  owner: User,
  clientSecret: string,
  cardNumber: string,
): Promise<ConfirmOutcome> {
  const outcome = await deps.knex.transaction(async (trx): Promise<ConfirmOutcome> => {
    const user = await lockOwner(trx, owner.id);
    const payment = await loadOwnTestPayment(trx, user, clientSecret);
    if (payment.status === 'succeeded') return { status: 'succeeded' };
    if (payment.status === 'canceled') return { status: 'voided' };
    const subscription = await findSubscription(trx, user.id);
    if ((subscription?.version ?? 0) !== payment.baseVersion || user.plan !== payment.fromPlanId) {
      await TestPayment.query(trx).patch({ status: 'canceled' }).findById(payment.id);
      return { status: 'voided' };
    }
    const plan = PLANS[payment.planId];
    const card = cardOutcome(cardNumber);
    if (card !== 'succeeds') {
      // Nothing is charged and the plan stays; the attempt shows in the account's activity.
      await recordBillingEntry(trx, user.id, {
        type: 'failure',
        source: 'test',
        description: `Payment for ${plan.name} failed: ${card.error}`,
        amountCents: payment.amountCents,
        status: 'failed',
      });
      return { status: 'failed', failure: card };
    }
    await TestPayment.query(trx).patch({ status: 'succeeded', succeededAt: new Date() }).findById(payment.id);
    await spendCredit(trx, user.id, payment.creditAppliedCents);
    const isUpgrade = payment.kind === 'upgrade';
    const fromName = PLANS[payment.fromPlanId].name;
    const credit =
      payment.creditAppliedCents > 0 ? ` (${dollars(payment.creditAppliedCents)} paid from account credit)` : '';
    const updated = await applyPlan(trx, user.id, {
      planId: payment.planId,
      status: 'active',
      provider: 'test',
      billingAnchor: isUpgrade ? (subscription?.billingAnchor ?? new Date()) : new Date(),
      paidPlan: payment.planId,
      entry: {
        type: isUpgrade ? 'charge' : 'payment',
        source: 'test',
        description: isUpgrade
          ? `Upgrade from ${fromName} to ${plan.name}, prorated for the rest of the period${credit}`
          : `${plan.name} plan, monthly subscription${credit}`,
        amountCents: payment.amountCents,
        status: 'succeeded',
        externalKey: `test-payment-${payment.id}`,
      },
    });
    announcePlanAfterCommit(deps, trx, updated);
    return { status: 'succeeded' };
  });
  if (outcome.status === 'voided') throw conflict(MESSAGES.testPaymentVoided);
  return outcome;
}
