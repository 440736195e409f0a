/**
 * What an account may use and how much: its plan's features and limits (common/plans.ts), the
 * super administrator's overrides (the users table's nullable *_override columns, which outlive
 * plan changes until cleared) and the super administrator's own standing. Every plan-dependent
 * rule reads it here (policies, upload and form limits, downgrade checks, the user answer's
 * abilities), so no rule ever tests a plan's name.
 */
import { MESSAGES } from '@formscribe/common/messages';
import {
  type Entitlements,
  effectiveLimits,
  entitlements,
  type Feature,
  type LimitOverrides,
  type PlanId,
  type PlanLimits,
} from '@formscribe/common/plans';
import { HttpError } from '../errors.ts';
import type { User } from '../models/index.ts';
import type { PolicyContext } from './forms.ts';

export type { Entitlements, PlanLimits };

export function limitOverridesOf(user: User): LimitOverrides {
  return {
    activeFormLimit: user.activeFormLimitOverride,
    imageCountLimitPerForm: user.imageCountLimitPerFormOverride,
    imageSizeLimitMB: user.imageSizeLimitMbOverride,
  };
}

/** The account's entitlements now; `adminEmail` names the super administrator (config). */
export function entitlementsOf(user: User, adminEmail: string): Entitlements {
  return entitlements({ plan: user.plan, overrides: limitOverridesOf(user), isAdmin: user.username === adminEmail });
}

/** The limits that hold for the account now (the same as entitlementsOf's: standing sets no limit). */
export function limitsOf(user: User): PlanLimits {
  return effectiveLimits(user.plan, limitOverridesOf(user));
}

/** The limits that would hold on another plan: the overrides come along, as they do on a change. */
export function limitsOnPlan(user: User, plan: PlanId): PlanLimits {
  return effectiveLimits(plan, limitOverridesOf(user));
}

/** What a feature's routes answer (402) when the account lacks it: the client offers an upgrade. */
const WITHOUT_FEATURE: Record<Feature, string> = {
  api: MESSAGES.apiNeedsProfessional,
  insights: MESSAGES.insightsNeedProfessional,
};

export function mayUse(ctx: PolicyContext, user: User, feature: Feature): boolean {
  return entitlementsOf(user, ctx.deps.config.adminEmail).abilities[feature];
}

/** Refuses with a 402 and `upgrade: true` unless the account may use the feature. */
export function requireFeature(ctx: PolicyContext, user: User, feature: Feature): void {
  if (!mayUse(ctx, user, feature)) throw new HttpError(402, WITHOUT_FEATURE[feature], { upgrade: true });
}
