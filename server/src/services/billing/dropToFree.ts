/**
 * The drop to free: a subscription that ended (canceled, or deleted in Stripe) or stayed unpaid
 * puts the account on the free plan. Forms beyond the free plan's limit are deactivated, never
 * deleted, keeping the most recently updated ones active (as many as the account may keep on free:
 * the plan's limit, or the administrator's own); the owner is mailed what happened and
 * how to reactivate. One transaction: plan, limits, forms, the history row and the queued mail
 * commit together (Stripe's webhook passes its own transaction, to store its event id with it).
 */
import { PLANS, type PlanId } from '@formscribe/common/plans';
import type { Knex } from 'knex';
import type { AppDeps } from '../../appTypes.ts';
import { eventsOf } from '../events/domainEventRecorder.ts';
import { lockOwner } from '../forms/formLimits.ts';
import { deactivateFormsIn } from '../forms/formWriter.ts';
import { paymentProviderFor } from './chooseProvider.ts';
import { checkDowngrade } from './downgradeValidation.ts';
import { announcePlanAfterCommit, applyPlan } from './planChange.ts';

export type PlanEndCause = 'canceled' | 'unpaid';

export interface DropToFreeOptions {
  /** Run inside this transaction (the caller commits); else in a new one. */
  trx?: Knex.Transaction;
  /** Makes the history row idempotent (e.g. the Stripe event or subscription id). */
  externalKey?: string;
}

export interface DropToFreeResult {
  /** False when the account was already on the free plan: nothing changed, nobody was mailed. */
  dropped: boolean;
  previousPlan: PlanId;
  deactivatedFormIds: number[];
}

async function dropInTransaction(
  deps: AppDeps,
  trx: Knex.Transaction,
  userId: number,
  cause: PlanEndCause,
  externalKey: string | undefined,
): Promise<DropToFreeResult> {
  const user = await lockOwner(trx, userId);
  const previousPlan = user.plan;
  if (previousPlan === 'free') return { dropped: false, previousPlan, deactivatedFormIds: [] };
  const { activeForms, activeFormLimit } = await checkDowngrade(trx, user, 'free');
  // Most recently updated first: those stay active.
  const toDeactivate = activeForms.slice(activeFormLimit);
  const deactivatedFormIds = toDeactivate.map((form) => form.id);
  const events = eventsOf(deps, trx);
  await deactivateFormsIn(events, toDeactivate);
  const count = deactivatedFormIds.length;
  const updated = await applyPlan(trx, userId, {
    planId: 'free',
    status: cause,
    provider: paymentProviderFor(deps).id,
    billingAnchor: null,
    paidPlan: 'free',
    entry: {
      type: 'activity',
      source: 'formscribe',
      description:
        `${PLANS[previousPlan].name} subscription ${cause === 'unpaid' ? 'unpaid' : 'ended'}: moved to the Free plan` +
        (count > 0 ? `, ${count} form${count === 1 ? '' : 's'} deactivated` : ''),
      amountCents: 0,
      status: 'completed',
      externalKey: externalKey ?? null,
    },
  });
  await events.record({
    type: 'mail',
    mail: { kind: 'planEnded', userId, previousPlan, cause, deactivatedForms: count },
  });
  announcePlanAfterCommit(deps, trx, updated);
  return { dropped: true, previousPlan, deactivatedFormIds };
}

/** Puts the account on the free plan because its subscription ended (`cause`); see the file header. */
export function dropToFree(
  deps: AppDeps,
  userId: number,
  cause: PlanEndCause,
  options: DropToFreeOptions = {},
): Promise<DropToFreeResult> {
  const { trx, externalKey } = options;
  if (trx) return dropInTransaction(deps, trx, userId, cause, externalKey);
  return deps.knex.transaction((own) => dropInTransaction(deps, own, userId, cause, externalKey));
}
