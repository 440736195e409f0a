/**
 * What a plan card offers, given the plan the user is on (spec section 2 and 4): the card of
 * the current plan is inactive, a dearer plan is an upgrade, a cheaper one a downgrade.
 * Plans compare by price, from the one plan table in common/.
 */
import type { Translator } from '@formscribe/common/i18n/translator';
import { PLANS, type PlanId } from '@formscribe/common/plans';
import type { MessageKey } from '../../i18n/messageKeys.ts';

export type PlanChoice =
  | { kind: 'current'; label: string }
  | { kind: 'upgrade'; label: string; proration: boolean }
  | { kind: 'downgrade'; label: string };

/** `t`: the label is the card's button, in the reader's language. */
export function planChoice(
  currentPlan: PlanId,
  cardPlan: PlanId,
  { t }: Pick<Translator<MessageKey>, 't'>,
): PlanChoice {
  if (currentPlan === cardPlan) return { kind: 'current', label: t('account.billing.activePlan') };
  const card = PLANS[cardPlan];
  if (card.monthlyPriceCents > PLANS[currentPlan].monthlyPriceCents) {
    // From a paid plan the price difference is prorated; from free it is a new subscription.
    const proration = currentPlan !== 'free';
    const label = proration
      ? t('account.billing.upgradeWithProration')
      : t('account.billing.upgradeTo', { plan: card.name });
    return { kind: 'upgrade', label, proration };
  }
  return { kind: 'downgrade', label: t('account.billing.downgradeTo', { plan: card.name }) };
}
