/**
 * The plans, once: what each costs and allows. The server gives new accounts the free plan's
 * limits from here and the client falls back to them when an answer omits a limit; billing
 * builds on the same table. Prices are integer cents.
 */

export const PLAN_IDS = ['free', 'starter', 'professional'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  monthlyPriceCents: number;
  activeForms: number;
  imagesPerForm: number;
  imageSizeMb: number;
  /** What the plan card lists, in order. */
  features: readonly string[];
}

/** Every plan lists these. */
const EVERY_PLAN_FEATURES = [
  'Unlimited data entry',
  'CSV export',
  'Webhook notifications',
  'Organization branding',
  'User collaboration',
] as const;

export const PLANS = {
  free: {
    id: 'free',
    name: 'Free',
    monthlyPriceCents: 0,
    activeForms: 1,
    imagesPerForm: 50,
    imageSizeMb: 2.5,
    features: EVERY_PLAN_FEATURES,
  },
  starter: {
    id: 'starter',
    name: 'Starter',
    monthlyPriceCents: 1900,
    activeForms: 5,
    imagesPerForm: 100,
    imageSizeMb: 5,
    features: ['Priority support', ...EVERY_PLAN_FEATURES],
  },
  professional: {
    id: 'professional',
    name: 'Professional',
    monthlyPriceCents: 4900,
    activeForms: 20,
    imagesPerForm: 500,
    imageSizeMb: 10,
    features: ['Priority support', 'Advanced analytics', 'API access', ...EVERY_PLAN_FEATURES],
  },
} as const satisfies Record<PlanId, Plan>;

/**
 * What the active-form limit bounds, said under the plans: only active forms take new images and
 * machine reading, so deactivating a form does not make room for unbounded storage or reading.
 */
export const ACTIVE_FORMS_NOTE =
  'Only active forms take new images and machine reading. Inactive forms keep their images and data, and can be reactivated within your plan’s limit.';

/** New accounts start here, and its limits stand in when an answer does not give one. */
export const FREE_PLAN: Plan = PLANS.free;

/** The plans in the order a plan picker shows them, cheapest first. */
export const PLAN_LIST: readonly Plan[] = PLAN_IDS.map((id) => PLANS[id]);

/** The three limits a plan sets, as the API names them on a user. */
export interface PlanLimits {
  activeFormLimit: number;
  imageCountLimitPerForm: number;
  imageSizeLimitMB: number;
}

/** The limits the plan gives. */
export function planLimits(planId: PlanId): PlanLimits {
  const plan = PLANS[planId];
  return {
    activeFormLimit: plan.activeForms,
    imageCountLimitPerForm: plan.imagesPerForm,
    imageSizeLimitMB: plan.imageSizeMb,
  };
}

/** Limits the super administrator set for one account; null follows the plan. */
export type LimitOverrides = { [Key in keyof PlanLimits]: number | null };

/**
 * The limits that hold for an account: the administrator's own where set, else its plan's. The
 * one place the two meet, so a plan change always brings its limits and an override outlives it.
 */
export function effectiveLimits(planId: PlanId, overrides: LimitOverrides): PlanLimits {
  const plan = planLimits(planId);
  return {
    activeFormLimit: overrides.activeFormLimit ?? plan.activeFormLimit,
    imageCountLimitPerForm: overrides.imageCountLimitPerForm ?? plan.imageCountLimitPerForm,
    imageSizeLimitMB: overrides.imageSizeLimitMB ?? plan.imageSizeLimitMB,
  };
}

/** What moving from one plan to another is: dearer is an upgrade, cheaper a downgrade. */
export type PlanChangeKind = 'upgrade' | 'downgrade' | 'same';

export function planChangeKind(from: PlanId, to: PlanId): PlanChangeKind {
  const difference = PLANS[to].monthlyPriceCents - PLANS[from].monthlyPriceCents;
  if (from === to || difference === 0) return 'same';
  return difference > 0 ? 'upgrade' : 'downgrade';
}

export function isPlanId(value: string): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value);
}
