/**
 * The plan changes a signed-in owner asks for: subscribe (free → paid), upgrade, complete an
 * upgrade after its payment, downgrade. Each runs in one transaction with the owner's row locked
 * (so a double click is served after the first click, and sees its outcome), asks the payment
 * provider to move the money with the operation's idempotency key, and applies the plan with its
 * billing-history row when nothing is left to pay. Prices come from common/plans.ts and proration
 * from proration.ts, for both providers.
 */
import { MESSAGES } from '@formscribe/common/messages';
import { PLANS, type PlanId, planChangeKind } from '@formscribe/common/plans';
import type { PaidPlanId } from '@formscribe/common/schemas/billing';
import type { Knex } from 'knex';
import type { AppDeps } from '../../appTypes.ts';
import { badRequest, conflict, HttpError } from '../../errors.ts';
import type { User } from '../../models/index.ts';
import type { Subscription } from '../../models/Subscription.ts';
import { lockOwner } from '../forms/formLimits.ts';
import { currentPeriod, findSubscription, operationKey, paidPlanOf } from './accountSubscription.ts';
import { dollars } from './billingHistory.ts';
import { paymentProviderFor } from './chooseProvider.ts';
import { checkDowngrade, type DowngradeCheck } from './downgradeValidation.ts';
import type { PaymentProvider } from './paymentProvider.ts';
import { announcePlanAfterCommit, applyPlan } from './planChange.ts';
import { prorateCents } from './proration.ts';

interface Locked {
  trx: Knex.Transaction;
  user: User;
  subscription: Subscription | undefined;
  provider: PaymentProvider;
}

function inLockedAccount<T>(deps: AppDeps, userId: number, work: (locked: Locked) => Promise<T>): Promise<T> {
  return deps.knex.transaction(async (trx) => {
    const user = await lockOwner(trx, userId);
    const subscription = await findSubscription(trx, userId);
    return work({ trx, user, subscription, provider: paymentProviderFor(deps) });
  });
}

export interface PaymentAnswer {
  clientSecret: string | null;
  message: string;
}

/** Free → paid: a payment of the plan's price to confirm, or the plan at once when credit covers it. */
async function subscribe(deps: AppDeps, locked: Locked, planId: PaidPlanId): Promise<PaymentAnswer> {
  const { trx, user, subscription, provider } = locked;
  const plan = PLANS[planId];
  const start = await provider.startSubscription({
    trx,
    user,
    plan,
    amountCents: plan.monthlyPriceCents,
    idempotencyKey: operationKey('subscribe', user.id, subscription, user.plan, planId),
  });
  if (start.clientSecret !== null)
    return { clientSecret: start.clientSecret, message: MESSAGES.subscriptionPaymentStarted };
  const updated = await applyPlan(trx, user.id, {
    planId,
    status: 'active',
    provider: provider.id,
    billingAnchor: new Date(),
    paidPlan: planId,
    entry: {
      type: 'activity',
      source: 'formscribe',
      description: `Subscribed to ${plan.name} (paid from account credit)`,
      amountCents: 0,
      status: 'completed',
    },
  });
  announcePlanAfterCommit(deps, trx, updated);
  return { clientSecret: null, message: MESSAGES.subscriptionActivated };
}

function refuseSamePlan(user: User, planId: PlanId): void {
  if (planChangeKind(user.plan, planId) === 'same') throw badRequest(MESSAGES.noPlanChangeNeeded);
}

/** POST /api/create-subscription */
export function createSubscription(deps: AppDeps, owner: User, planId: PaidPlanId): Promise<PaymentAnswer> {
  return inLockedAccount(deps, owner.id, async (locked) => {
    refuseSamePlan(locked.user, planId);
    if (locked.user.plan !== 'free') throw conflict(MESSAGES.alreadySubscribed);
    return subscribe(deps, locked, planId);
  });
}

/** POST /api/upgrade-subscription: from free like a new subscription, between paid plans prorated. */
export function upgradeSubscription(
  deps: AppDeps,
  owner: User,
  planId: PaidPlanId,
): Promise<PaymentAnswer & { requiresPayment: boolean }> {
  return inLockedAccount(deps, owner.id, async (locked) => {
    const { trx, user, subscription, provider } = locked;
    refuseSamePlan(user, planId);
    if (planChangeKind(user.plan, planId) !== 'upgrade') throw badRequest(MESSAGES.upgradeToCheaperPlan);
    if (user.plan === 'free') {
      const answer = await subscribe(deps, locked, planId);
      return { ...answer, requiresPayment: answer.clientSecret !== null };
    }
    const from = PLANS[user.plan];
    const to = PLANS[planId];
    const now = new Date();
    const period = currentPeriod(subscription, now);
    // The difference from what the period was paid for: a plan the administrator granted pays for nothing.
    const paid = paidPlanOf(subscription);
    const amountCents = Math.max(0, prorateCents(paid.monthlyPriceCents, to.monthlyPriceCents, period, now));
    const start = await provider.startUpgrade({
      trx,
      user,
      from,
      to,
      period,
      amountCents,
      idempotencyKey: operationKey('upgrade', user.id, subscription, from.id, to.id),
    });
    if (start.clientSecret !== null) {
      return { requiresPayment: true, clientSecret: start.clientSecret, message: MESSAGES.upgradePaymentStarted };
    }
    const updated = await applyPlan(trx, user.id, {
      planId,
      status: 'active',
      provider: provider.id,
      billingAnchor: subscription?.billingAnchor ?? now,
      paidPlan: planId,
      entry: {
        type: 'activity',
        source: 'formscribe',
        description: `Upgraded from ${from.name} to ${to.name} (prorated ${dollars(amountCents)})`,
        amountCents: 0,
        status: 'completed',
      },
    });
    announcePlanAfterCommit(deps, trx, updated);
    return { requiresPayment: false, clientSecret: null, message: MESSAGES.upgradeCompleted };
  });
}

/**
 * POST /api/complete-upgrade: after the client confirmed the payment. Idempotent: already on the
 * plan (the payment's confirmation or Stripe's webhook applied it) is a success.
 */
export function completeUpgrade(deps: AppDeps, owner: User, planId: PaidPlanId): Promise<{ plan: PlanId }> {
  return inLockedAccount(deps, owner.id, async ({ trx, user, subscription, provider }) => {
    if (user.plan === planId) return { plan: planId };
    if (planChangeKind(user.plan, planId) !== 'upgrade') throw badRequest(MESSAGES.upgradeToCheaperPlan);
    const from = PLANS[user.plan];
    const to = PLANS[planId];
    const now = new Date();
    const period = currentPeriod(subscription, now);
    const confirmation = await provider.confirmUpgrade({
      trx,
      user,
      from,
      to,
      period,
      amountCents: 0,
      idempotencyKey: operationKey('complete-upgrade', user.id, subscription, from.id, to.id),
    });
    if (!confirmation.paid) throw new HttpError(402, confirmation.reason ?? MESSAGES.upgradePaymentIncomplete);
    const updated = await applyPlan(trx, user.id, {
      planId,
      status: 'active',
      provider: provider.id,
      billingAnchor: from.id === 'free' ? now : (subscription?.billingAnchor ?? now),
      paidPlan: planId,
      entry: {
        type: 'activity',
        source: 'formscribe',
        description: `Upgraded from ${from.name} to ${to.name}`,
        amountCents: 0,
        status: 'completed',
      },
    });
    announcePlanAfterCommit(deps, trx, updated);
    return { plan: planId };
  });
}

/** Downgrade validation, read-only (validateOnly); `owner` is the row the request's session loaded. */
export function validateDowngrade(deps: AppDeps, owner: User, planId: PlanId): Promise<DowngradeCheck> {
  refuseSamePlan(owner, planId);
  if (planChangeKind(owner.plan, planId) !== 'downgrade') throw badRequest(MESSAGES.downgradeToDearerPlan);
  return checkDowngrade(deps.knex, owner, planId);
}

export type DowngradeOutcome =
  | { done: true; plan: PlanId; creditCents: number }
  | { done: false; check: DowngradeCheck };

/**
 * Performs a downgrade with its prorated credit; refused (done: false, nothing changed) while
 * more forms are active than the new plan allows.
 */
export function downgradeSubscription(deps: AppDeps, owner: User, planId: PlanId): Promise<DowngradeOutcome> {
  return inLockedAccount(deps, owner.id, async ({ trx, user, subscription, provider }) => {
    refuseSamePlan(user, planId);
    if (planChangeKind(user.plan, planId) !== 'downgrade') throw badRequest(MESSAGES.downgradeToDearerPlan);
    const check = await checkDowngrade(trx, user, planId);
    if (check.formsRequired > 0) return { done: false, check };
    const from = PLANS[user.plan];
    const to = PLANS[planId];
    const now = new Date();
    const period = currentPeriod(subscription, now);
    // Credits come only from money: the unused part of what the period was paid for, above the
    // new plan's price. A plan the administrator granted paid for nothing, so it credits nothing.
    const paid = paidPlanOf(subscription);
    const credit = subscription?.billingAnchor
      ? Math.max(0, -prorateCents(paid.monthlyPriceCents, to.monthlyPriceCents, period, now))
      : 0;
    const result = await provider.downgrade({
      trx,
      user,
      from,
      to,
      period,
      amountCents: credit,
      idempotencyKey: operationKey('downgrade', user.id, subscription, from.id, to.id),
    });
    const change = `${from.name} to ${to.name}`;
    const updated = await applyPlan(trx, user.id, {
      planId,
      status: planId === 'free' ? 'canceled' : 'active',
      provider: provider.id,
      billingAnchor: planId === 'free' ? null : (subscription?.billingAnchor ?? now),
      // What stays paid for: the new plan, or less when less was paid; nothing when no period was
      // paid at all (a granted plan has no anchor, and the one started here was never paid for).
      paidPlan: !subscription?.billingAnchor
        ? 'free'
        : paid.monthlyPriceCents > to.monthlyPriceCents
          ? planId
          : paid.id,
      entry:
        result.creditCents > 0
          ? {
              type: 'credit',
              source: provider.id,
              description: `Prorated credit for the downgrade from ${change}`,
              amountCents: result.creditCents,
              status: 'issued',
            }
          : {
              type: 'activity',
              source: 'formscribe',
              description: `Downgraded from ${change}`,
              amountCents: 0,
              status: 'completed',
            },
    });
    announcePlanAfterCommit(deps, trx, updated);
    return { done: true, plan: planId, creditCents: result.creditCents };
  });
}
