/**
 * The plans, once: what each costs, which features it unlocks and what limits it sets. Every
 * plan-dependent rule reads this table through `entitlements` (the server's entitlementsOf, the
 * abilities on the user answer), never a plan's name; billing builds on the same table. Prices
 * are integer cents.
 */

export const PLAN_IDS = ['free', 'starter', 'professional'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/**
 * What a plan can unlock beyond its limits, as data: each rule that depends on the plan names a
 * feature here, and `label` is the line the plan card shows for it.
 */
export const FEATURES = {
  /** The public API (/api/v1) and its personal access tokens. */
  api: { label: 'API access' },
  /** A form's Insights tab and its /api/v1 figures. */
  insights: { label: 'Advanced analytics' },
} as const;
export type Feature = keyof typeof FEATURES;

/** Which features an account may use: the answer's `abilities`, one boolean per feature. */
export type Abilities = Record<Feature, boolean>;

/** A value per feature. The one literal list of features: a new one fails to compile until added here. */
export function perFeature<T>(valueFor: (feature: Feature) => T): Record<Feature, T> {
  return { api: valueFor('api'), insights: valueFor('insights') };
}

export interface Plan {
  id: PlanId;
  name: string;
  monthlyPriceCents: number;
  activeForms: number;
  imagesPerForm: number;
  imageSizeMb: number;
  /** The features the plan unlocks (FEATURES). */
  unlocks: readonly Feature[];
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
    unlocks: [],
    features: EVERY_PLAN_FEATURES,
  },
  starter: {
    id: 'starter',
    name: 'Starter',
    monthlyPriceCents: 1900,
    activeForms: 5,
    imagesPerForm: 100,
    imageSizeMb: 5,
    unlocks: [],
    features: ['Priority support', ...EVERY_PLAN_FEATURES],
  },
  professional: {
    id: 'professional',
    name: 'Professional',
    monthlyPriceCents: 4900,
    activeForms: 20,
    imagesPerForm: 500,
    imageSizeMb: 10,
    unlocks: ['insights', 'api'],
    features: ['Priority support', FEATURES.insights.label, FEATURES.api.label, ...EVERY_PLAN_FEATURES],
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

/**
 * The limits the super administrator's account is created with (services/adminBootstrap.ts), and
 * what the admin page's edit dialog starts from when an account shows no usable limit.
 */
export const SUPER_ADMIN_LIMITS: PlanLimits = {
  activeFormLimit: 10,
  imageCountLimitPerForm: 100,
  imageSizeLimitMB: 50,
};

/** What decides an account's entitlements: its plan, the administrator's overrides, its standing. */
export interface EntitlementSource {
  plan: PlanId;
  overrides: LimitOverrides;
  /** The super administrator has every feature, whatever the plan. */
  isAdmin: boolean;
}

/** What an account may use and how much: the plan's features and limits, with the overrides. */
export interface Entitlements {
  plan: PlanId;
  abilities: Abilities;
  limits: PlanLimits;
}

/** Whether the plan (or the super administrator's standing) unlocks each feature. */
export function abilitiesOf(plan: PlanId, isAdmin: boolean): Abilities {
  const unlocked: readonly Feature[] = PLANS[plan].unlocks;
  return perFeature((feature) => isAdmin || unlocked.includes(feature));
}

/** The pure core of the server's entitlementsOf(user): the one place plan, overrides and standing meet. */
export function entitlements(source: EntitlementSource): Entitlements {
  return {
    plan: source.plan,
    abilities: abilitiesOf(source.plan, source.isAdmin),
    limits: effectiveLimits(source.plan, source.overrides),
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
