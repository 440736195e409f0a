/**
 * An account's limits: its plan's (common/plans.ts), except where the super administrator set its
 * own (the users table's nullable *_override columns). Every check and every answer reads them
 * here, so the plan and the limits can never disagree.
 */
import { effectiveLimits, type LimitOverrides, type PlanLimits } from '@formscribe/common/plans';
import type { User } from '../models/index.ts';

export type { PlanLimits };

export function limitOverridesOf(user: User): LimitOverrides {
  return {
    activeFormLimit: user.activeFormLimitOverride,
    imageCountLimitPerForm: user.imageCountLimitPerFormOverride,
    imageSizeLimitMB: user.imageSizeLimitMbOverride,
  };
}

/** The limits that hold for the account now. */
export function limitsOf(user: User): PlanLimits {
  return effectiveLimits(user.subscriptionStatus, limitOverridesOf(user));
}
