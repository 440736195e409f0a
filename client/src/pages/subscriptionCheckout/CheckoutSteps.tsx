import { css } from '@emotion/react';
import { PLANS } from '@formscribe/common/plans';
import type { SubscriptionStatusResponse } from '@formscribe/common/schemas/billing';
import { Link } from '@tanstack/react-router';
import { Button } from '../../components/ui/Button.tsx';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { ButtonRow, Card, CardText, CardTitle, PageTitle } from '../../components/ui/Card.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { standaloneLinkStyles } from '../../components/ui/linkStyles.ts';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useT } from '../../i18n/useT.ts';
import { theme } from '../../theme/theme.ts';
import { CHECKOUT_TITLES, type CheckoutIntent, type CheckoutPlanId } from './checkoutPlan.ts';
import { DowngradeConfirmCard } from './DowngradeConfirmCard.tsx';
import { PaymentDetailsCard } from './PaymentDetailsCard.tsx';
import { PlanSummaryCard } from './PlanSummaryCard.tsx';
import { useCheckoutFlow } from './useCheckoutFlow.ts';

const pageStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1.5rem;
  max-width: 960px;
`;

const columnsStyles = css`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 20rem), 1fr));
  gap: 1.5rem;
  align-items: start;
`;

const backLinkStyles = css`
  ${standaloneLinkStyles};
  align-self: flex-start;
  color: ${theme.colors.primary};
  font-weight: 600;
  text-decoration: none;
  &:hover {
    text-decoration: underline;
  }
  &:focus-visible {
    outline: none;
    box-shadow: ${theme.focusRing};
  }
`;

/** The arrow points the way back, which is to the right in a right-to-left page. */
const backArrowStyles = css`
  display: inline-block;
  margin-inline-end: 0.3em;
  [dir='rtl'] & {
    transform: scaleX(-1);
  }
`;

/** Above the checkout's title: the way back to the plans, whatever step the checkout is at. */
export function BackToBillingLink() {
  const { t } = useT();
  return (
    <Link to="/billing" css={backLinkStyles}>
      <span aria-hidden="true" css={backArrowStyles}>
        ←
      </span>
      {t('account.checkout.backToBilling')}
    </Link>
  );
}

export function BackToBilling() {
  const { t } = useT();
  return (
    <Link to="/billing" css={buttonStyles('secondary', false)}>
      {t('account.checkout.backToBilling')}
    </Link>
  );
}

interface CheckoutStepsProps {
  planId: CheckoutPlanId;
  intent: CheckoutIntent;
  status: SubscriptionStatusResponse;
  clientSecretFromUrl: string | undefined;
}

/** The checkout for a valid plan once the subscription status is known: summary beside the step at hand. */
export function CheckoutSteps({ planId, intent, status, clientSecretFromUrl }: CheckoutStepsProps) {
  const flow = useCheckoutFlow({ planId, intent, currentPlan: status.plan, clientSecretFromUrl });
  const { state } = flow;
  const { t } = useT();
  const submitLabel =
    intent === 'upgrade'
      ? t('account.checkout.payAndUpgrade')
      : t('account.checkout.subscribeTo', { plan: PLANS[planId].name });

  return (
    <div css={pageStyles}>
      <PageTitle>{t(CHECKOUT_TITLES[intent])}</PageTitle>
      <div css={columnsStyles}>
        <PlanSummaryCard planId={planId} intent={intent} />
        {state.step === 'starting' && (
          <Card>
            <Spinner label={t('account.checkout.preparing')} />
          </Card>
        )}
        {state.step === 'payment' && (
          <PaymentDetailsCard
            status={status}
            clientSecret={state.clientSecret}
            planId={planId}
            upgrade={intent === 'upgrade'}
            submitLabel={submitLabel}
            onOutcome={flow.onPaymentOutcome}
          />
        )}
        {state.step === 'downgrade' && <DowngradeConfirmCard planId={planId} onDowngraded={flow.onDowngraded} />}
        {state.step === 'error' && (
          <Card>
            <CardTitle>{t('account.checkout.couldNotStart')}</CardTitle>
            <InlineAlert tone="error">{state.message}</InlineAlert>
            <ButtonRow>
              <Button onClick={flow.retry}>{t('account.tryAgain')}</Button>
              <BackToBilling />
            </ButtonRow>
          </Card>
        )}
        {state.step === 'finished' && (
          <Card>
            <CardText role="status">{state.message}</CardText>
          </Card>
        )}
      </div>
    </div>
  );
}
