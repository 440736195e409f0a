import { describe, expect, it } from 'vitest';
import { entitlements, FEATURES, FREE_PLAN, PLAN_IDS, PLAN_LIST, PLANS } from './plans.ts';

describe('plans', () => {
  it('prices and limits each plan as the billing page advertises them', () => {
    expect(
      PLAN_LIST.map((plan) => [
        plan.name,
        plan.monthlyPriceCents,
        plan.activeForms,
        plan.imagesPerForm,
        plan.imageSizeMb,
      ]),
    ).toEqual([
      ['Free', 0, 1, 50, 2.5],
      ['Starter', 1900, 5, 100, 5],
      ['Professional', 4900, 20, 500, 10],
    ]);
  });

  it('gives every plan the shared features, and the paid plans their extras', () => {
    const shared = [
      'Unlimited data entry',
      'CSV export',
      'Webhook notifications',
      'Organization branding',
      'User collaboration',
    ];
    for (const plan of PLAN_LIST) expect(plan.features).toEqual(expect.arrayContaining(shared));
    expect(PLANS.free.features).toHaveLength(shared.length);
    expect(PLANS.starter.features).toContain('Priority support');
    expect(PLANS.starter.features).not.toContain('API access');
    expect(PLANS.professional.features).toEqual(
      expect.arrayContaining(['Priority support', 'Advanced analytics', 'API access']),
    );
  });

  it('lists each plan once, under its own id, cheapest first, starting with the free plan', () => {
    expect(PLAN_LIST.map((plan) => plan.id)).toEqual([...PLAN_IDS]);
    for (const id of PLAN_IDS) expect(PLANS[id].id).toBe(id);
    expect(PLAN_LIST[0]).toBe(FREE_PLAN);
    const prices = PLAN_LIST.map((plan) => plan.monthlyPriceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });
});

describe('entitlements', () => {
  const NO_OVERRIDES = { activeFormLimit: null, imageCountLimitPerForm: null, imageSizeLimitMB: null };

  it('unlocks the API and Insights on Professional only, and every feature for the administrator', () => {
    const abilities = (plan: (typeof PLAN_IDS)[number], isAdmin: boolean) =>
      entitlements({ plan, overrides: NO_OVERRIDES, isAdmin }).abilities;
    expect(PLAN_IDS.map((plan) => abilities(plan, false))).toEqual([
      { api: false, insights: false },
      { api: false, insights: false },
      { api: true, insights: true },
    ]);
    for (const plan of PLAN_IDS) expect(abilities(plan, true)).toEqual({ api: true, insights: true });
  });

  it('lists on the plan card each feature the plan unlocks', () => {
    for (const plan of PLAN_LIST) {
      for (const feature of plan.unlocks) expect(plan.features).toContain(FEATURES[feature].label);
    }
  });

  it("takes the administrator's limits where set and the plan's elsewhere", () => {
    const overrides = { ...NO_OVERRIDES, imageCountLimitPerForm: 77 };
    expect(entitlements({ plan: 'starter', overrides, isAdmin: false }).limits).toEqual({
      activeFormLimit: 5,
      imageCountLimitPerForm: 77,
      imageSizeLimitMB: 5,
    });
  });
});
