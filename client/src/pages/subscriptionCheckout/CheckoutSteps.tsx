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

/** Above the checkout's title: the way back to the plans, whatever step the checkout is at. */
export function BackToBillingLink() {
  return (
    <Link to="/billing" css={backLinkStyles}>
      <span aria-hidden="true">←&nbsp;</span>Back to Billing
    </Link>
  );
}

export function BackToBilling() {
  return (
    <Link to="/billing" css={buttonStyles('secondary', false)}>
      Back to Billing
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
  const submitLabel = intent === 'upgrade' ? 'Pay and Upgrade' : `Subscribe to ${PLANS[planId].name}`;

  return (
    <div css={pageStyles}>
      <PageTitle>{CHECKOUT_TITLES[intent]}</PageTitle>
      <div css={columnsStyles}>
        <PlanSummaryCard planId={planId} intent={intent} />
        {state.step === 'starting' && (
          <Card>
            <Spinner label="Preparing checkout" />
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
            <CardTitle>Checkout could not start</CardTitle>
            <InlineAlert tone="error">{state.message}</InlineAlert>
            <ButtonRow>
              <Button onClick={flow.retry}>Try Again</Button>
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
