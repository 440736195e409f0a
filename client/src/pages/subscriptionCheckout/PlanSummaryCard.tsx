import { css } from '@emotion/react';
import { PLANS } from '@formscribe/common/plans';
import { Card, CardTitle } from '../../components/ui/Card.tsx';
import { MutedText } from '../../components/ui/MutedText.tsx';
import { theme } from '../../theme/theme.ts';
import { formatPlanPrice } from '../billing/money.ts';
import { planFeatureLines } from '../billing/planFeatures.ts';
import type { CheckoutIntent, CheckoutPlanId } from './checkoutPlan.ts';

const priceStyles = css`
  font-size: 1.75rem;
  font-weight: 700;
`;

const listStyles = css`
  margin: 0;
  padding-left: 1.25rem;
  font-size: ${theme.fontSizes.small};
`;

const BILLING_NOTES: Record<CheckoutIntent, string> = {
  subscribe: 'Billed monthly. Cancel or change plans at any time from the billing page.',
  upgrade:
    'You pay only the difference for the rest of the current billing period; the new price applies from the next.',
  downgrade: 'The unused part of your current plan is credited to your account.',
};

/** The plan being bought: price, limits and features, from the one plan table. */
export function PlanSummaryCard({ planId, intent }: { planId: CheckoutPlanId; intent: CheckoutIntent }) {
  const plan = PLANS[planId];
  return (
    <Card aria-labelledby="plan-summary">
      <CardTitle id="plan-summary">{plan.name} Plan</CardTitle>
      <p>
        <span css={priceStyles}>{formatPlanPrice(plan.monthlyPriceCents)}</span>{' '}
        <MutedText as="span">per month</MutedText>
      </p>
      <ul css={listStyles}>
        {planFeatureLines(plan).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <MutedText>{BILLING_NOTES[intent]}</MutedText>
    </Card>
  );
}
