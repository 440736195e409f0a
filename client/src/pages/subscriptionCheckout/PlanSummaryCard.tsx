import { css } from '@emotion/react';
import { PLANS } from '@formscribe/common/plans';
import { Card, CardTitle } from '../../components/ui/Card.tsx';
import { MutedText } from '../../components/ui/MutedText.tsx';
import type { MessageKey } from '../../i18n/messageKeys.ts';
import { useT } from '../../i18n/useT.ts';
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
  padding-inline-start: 1.25rem;
  font-size: ${theme.fontSizes.small};
`;

const BILLING_NOTES = {
  subscribe: 'account.checkout.note.subscribe',
  upgrade: 'account.checkout.note.upgrade',
  downgrade: 'account.checkout.note.downgrade',
} as const satisfies Record<CheckoutIntent, MessageKey>;

/** The plan being bought: price, limits and features, from the one plan table. */
export function PlanSummaryCard({ planId, intent }: { planId: CheckoutPlanId; intent: CheckoutIntent }) {
  const translator = useT();
  const { t } = translator;
  const plan = PLANS[planId];
  return (
    <Card aria-labelledby="plan-summary">
      <CardTitle id="plan-summary">{t('account.checkout.planTitle', { plan: plan.name })}</CardTitle>
      <p>
        <span css={priceStyles}>{formatPlanPrice(translator, plan.monthlyPriceCents)}</span>{' '}
        <MutedText as="span">{t('account.billing.perMonth')}</MutedText>
      </p>
      <ul css={listStyles}>
        {planFeatureLines(plan, translator).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <MutedText>{t(BILLING_NOTES[intent])}</MutedText>
    </Card>
  );
}
