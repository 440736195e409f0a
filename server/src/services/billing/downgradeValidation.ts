/**
 * Whether an account can move to a plan with fewer active forms: a downgrade that would leave
 * more forms active than the account may keep on the new plan is refused until the owner
 * deactivates enough of them (POST /api/forms/deactivate-multiple). Forms are deactivated, never
 * deleted. What the account may keep is its entitlement on that plan: the plan's limit, or the
 * super administrator's own limit, which outlives the change.
 */
import { PLANS, type Plan, type PlanId } from '@formscribe/common/plans';
import type { Knex } from 'knex';
import { Form, type User } from '../../models/index.ts';
import { limitsOnPlan } from '../../policies/entitlements.ts';

export interface DowngradeCheck {
  plan: Plan;
  /** How many forms may stay active on the new plan. */
  activeFormLimit: number;
  /** The owner's active forms, most recently updated first. */
  activeForms: Form[];
  /** How many of them must be deactivated first (0: the downgrade may go ahead). */
  formsRequired: number;
}

/** Counts inside the caller's transaction (with the owner locked, no activation can slip in between). */
export async function checkDowngrade(trx: Knex.Transaction | Knex, owner: User, to: PlanId): Promise<DowngradeCheck> {
  const activeForms = await Form.query(trx)
    .where({ createdById: owner.id, isActive: true })
    .orderBy('updatedAt', 'desc')
    .orderBy('id', 'desc');
  const { activeFormLimit } = limitsOnPlan(owner, to);
  return {
    plan: PLANS[to],
    activeFormLimit,
    activeForms,
    formsRequired: Math.max(0, activeForms.length - activeFormLimit),
  };
}
