/**
 * The built-in test provider: the embedded default when no Stripe key is set, so the whole paid
 * flow runs with nothing to configure. It behaves like Stripe in test mode, in PostgreSQL:
 * starting a payment makes a test_payments row whose client secret the client's test card form
 * confirms (testPaymentConfirmation.ts); a downgrade's credit goes on the account's balance and
 * is spent first by its next charge. It never pretends to be live.
 *
 * One operation makes one payment: the row is keyed by the operation's idempotency key, so a
 * double click gets the same client secret back instead of a second payment.
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { TestPayment } from '../../models/TestPayment.ts';
import { findSubscription } from './accountSubscription.ts';
import type { PaymentProvider, PaymentStart, ProviderCall } from './paymentProvider.ts';

/** Shaped like Stripe's (pi_…_secret_…), and as unguessable; it only works for its own user anyway. */
function newClientSecret(): string {
  return `tpi_${randomBytes(12).toString('hex')}_secret_${randomBytes(16).toString('hex')}`;
}

/** Takes `cents` of the account's credit (the caller checked it is there). */
export async function spendCredit(trx: Knex.Transaction, userId: number, cents: number): Promise<void> {
  if (cents <= 0) return;
  // Plain knex: the balance changes in SQL (the check constraint refuses going below zero).
  await trx('subscriptions')
    .where({ userId })
    .update({ creditBalanceCents: trx.raw('credit_balance_cents - ?', [cents]) });
}

async function startPayment(
  call: ProviderCall,
  kind: TestPayment['kind'],
  planId: TestPayment['planId'],
  amountCents: number,
): Promise<PaymentStart> {
  const { trx, user, idempotencyKey } = call;
  const subscription = await findSubscription(trx, user.id);
  const creditApplied = Math.min(subscription?.creditBalanceCents ?? 0, amountCents);
  const due = amountCents - creditApplied;
  if (due === 0) {
    // Covered by credit (or nothing to pay): billing applies the plan in this same transaction.
    await spendCredit(trx, user.id, creditApplied);
    return { clientSecret: null, providerReference: null };
  }
  await TestPayment.query(trx)
    .insert({
      userId: user.id,
      clientSecret: newClientSecret(),
      idempotencyKey,
      kind,
      planId,
      fromPlanId: user.plan,
      amountCents: due,
      creditAppliedCents: creditApplied,
      baseVersion: subscription?.version ?? 0,
    })
    .onConflict('idempotencyKey')
    .ignore();
  const payment = await TestPayment.query(trx).where({ idempotencyKey }).first();
  if (!payment) throw new Error(`test payment ${idempotencyKey} missing after insert`);
  return { clientSecret: payment.clientSecret, providerReference: `tpi_${payment.id}` };
}

export function createTestProvider(): PaymentProvider {
  return {
    id: 'test',
    modeFor: () => 'test',
    publishableKeyFor: () => null,
    startSubscription: (call) => startPayment(call, 'subscription', call.plan.id, call.amountCents),
    startUpgrade: (call) => startPayment(call, 'upgrade', call.to.id, call.amountCents),

    async confirmUpgrade({ trx, user, to }) {
      // The confirm route applies an upgrade as soon as its card payment succeeds, so a paid
      // upgrade is normally already the user's plan; this finds one paid but not yet applied.
      const subscription = await findSubscription(trx, user.id);
      const paid = await TestPayment.query(trx)
        .where({ userId: user.id, kind: 'upgrade', planId: to.id, status: 'succeeded' })
        .where('baseVersion', subscription?.version ?? 0)
        .first();
      return paid ? { paid: true } : { paid: false };
    },

    async downgrade({ trx, user, amountCents }) {
      if (amountCents > 0) {
        await trx('subscriptions')
          .insert({ userId: user.id, status: 'active', provider: 'test', creditBalanceCents: amountCents })
          .onConflict('userId')
          .merge({ creditBalanceCents: trx.raw('subscriptions.credit_balance_cents + ?', [amountCents]) });
      }
      return { creditCents: amountCents, providerReference: null };
    },
  };
}
