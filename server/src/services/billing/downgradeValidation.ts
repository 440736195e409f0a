/**
 * Whether an account can move to a plan with fewer active forms: a downgrade that would leave
 * more forms active than the new plan allows is refused until the owner deactivates enough of
 * them (POST /api/forms/deactivate-multiple). Forms are deactivated, never deleted.
 */
import { PLANS, type Plan, type PlanId } from '@formscribe/common/plans';
import type { Knex } from 'knex';
import { Form } from '../../models/index.ts';

export interface DowngradeCheck {
  plan: Plan;
  /** The owner's active forms, most recently updated first. */
  activeForms: Form[];
  /** How many of them must be deactivated first (0: the downgrade may go ahead). */
  formsRequired: number;
}

/** Counts inside the caller's transaction (with the owner locked, no activation can slip in between). */
export async function checkDowngrade(
  trx: Knex.Transaction | Knex,
  ownerId: number,
  to: PlanId,
): Promise<DowngradeCheck> {
  const activeForms = await Form.query(trx)
    .where({ createdById: ownerId, isActive: true })
    .orderBy('updatedAt', 'desc')
    .orderBy('id', 'desc');
  const plan = PLANS[to];
  return { plan, activeForms, formsRequired: Math.max(0, activeForms.length - plan.activeForms) };
}
