/** A plan's limits as the users table keeps them: new accounts get the free plan's, plan changes another's. */
import type { Plan } from '@formscribe/common/plans';
import type { User } from '../models/index.ts';

export type PlanLimitColumns = Pick<User, 'activeFormLimit' | 'imageCountLimitPerForm' | 'imageSizeLimitMb'>;

export function planLimitColumns(plan: Plan): PlanLimitColumns {
  return {
    activeFormLimit: plan.activeForms,
    imageCountLimitPerForm: plan.imagesPerForm,
    imageSizeLimitMb: plan.imageSizeMb,
  };
}
