import { css } from '@emotion/react';
import type { Plan } from '@formscribe/common/plans';
import { Badge } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardTitle } from '../../components/ui/Card.tsx';
import { MutedText } from '../../components/ui/MutedText.tsx';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';
import { formatPlanPrice } from './money.ts';
import type { PlanChoice } from './planChoice.ts';
import { planFeatureLines } from './planFeatures.ts';

const highlightedStyles = css`
  border-color: ${theme.colors.primary};
  box-shadow: 0 0 0 1px ${theme.colors.primary}, ${theme.shadows.card};
`;

const headerStyles = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;
`;

const badgesStyles = css`
  display: flex;
  gap: 0.375rem;
`;

const priceStyles = css`
  display: flex;
  align-items: baseline;
  gap: 0.375rem;
  margin: 0;
`;

const amountStyles = css`
  font-size: 2rem;
  font-weight: 700;
`;

const featureListStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.375rem;
  flex: 1;
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${theme.fontSizes.small};
  li::before {
    content: '✓';
    margin-inline-end: 0.5rem;
    color: ${theme.colors.success};
  }
`;

interface PlanCardProps {
  plan: Plan;
  choice: PlanChoice;
  mostPopular: boolean;
  /** This card's change is under way. */
  busy: boolean;
  /** Another change is under way: one plan change at a time. */
  disabled: boolean;
  onChoose: () => void;
}

/** One plan: price, limits and features, and what choosing it would do from the current plan. */
export function PlanCard({ plan, choice, mostPopular, busy, disabled, onChoose }: PlanCardProps) {
  const translator = useT();
  const { t } = translator;
  const current = choice.kind === 'current';
  return (
    <Card aria-labelledby={`plan-${plan.id}`} css={mostPopular && highlightedStyles}>
      <div css={headerStyles}>
        <CardTitle id={`plan-${plan.id}`}>{plan.name}</CardTitle>
        <div css={badgesStyles}>
          {mostPopular && <Badge tone="primary">{t('account.billing.mostPopular')}</Badge>}
          {current && <Badge tone="success">{t('account.billing.currentPlan')}</Badge>}
        </div>
      </div>
      <p css={priceStyles}>
        <span css={amountStyles}>{formatPlanPrice(translator, plan.monthlyPriceCents)}</span>
        <MutedText as="span">
          {plan.monthlyPriceCents === 0 ? t('account.billing.forever') : t('account.billing.perMonth')}
        </MutedText>
      </p>
      <ul css={featureListStyles}>
        {planFeatureLines(plan, translator).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <Button
        fullWidth
        variant={choice.kind === 'upgrade' ? 'primary' : 'secondary'}
        disabled={current || disabled}
        aria-busy={busy || undefined}
        onClick={onChoose}
      >
        {choice.label}
      </Button>
    </Card>
  );
}
