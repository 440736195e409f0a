/**
 * What a plan card offers, given the plan the user is on (spec section 2 and 4): the card of
 * the current plan is inactive, a dearer plan is an upgrade, a cheaper one a downgrade.
 * Plans compare by price, from the one plan table in common/.
 */
import { PLANS, type PlanId } from '@formscribe/common/plans';

export type PlanChoice =
  | { kind: 'current'; label: 'Active Plan' }
  | { kind: 'upgrade'; label: string; proration: boolean }
  | { kind: 'downgrade'; label: string };

export function planChoice(currentPlan: PlanId, cardPlan: PlanId): PlanChoice {
  if (currentPlan === cardPlan) return { kind: 'current', label: 'Active Plan' };
  const card = PLANS[cardPlan];
  if (card.monthlyPriceCents > PLANS[currentPlan].monthlyPriceCents) {
    // From a paid plan the price difference is prorated; from free it is a new subscription.
    const proration = currentPlan !== 'free';
    return { kind: 'upgrade', label: proration ? 'Upgrade with Proration' : `Upgrade to ${card.name}`, proration };
  }
  return { kind: 'downgrade', label: `Downgrade to ${card.name}` };
}
