import { css } from '@emotion/react';
import type { SubscriptionStatusResponse } from '@formscribe/common/schemas/billing';
import { lazy, Suspense } from 'react';
import { Card, CardTitle } from '../../components/ui/Card.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useT } from '../../i18n/useT.ts';
import type { CheckoutPlanId } from './checkoutPlan.ts';
import type { PaymentOutcome } from './paymentOutcome.ts';
import { TestPaymentForm } from './TestPaymentForm.tsx';
import { TEST_CARD_HINT } from './testCardInput.ts';

// Stripe.js and Elements load only when a checkout is served by Stripe.
const StripePaymentForm = lazy(async () => ({
  default: (await import('./StripePaymentForm.tsx')).StripePaymentForm,
}));

const hintListStyles = css`
  margin: 0;
  margin-block-start: 0.25rem;
  padding-inline-start: 1.25rem;
  font-variant-numeric: tabular-nums;
`;

function TestCardHint() {
  const { t } = useT();
  return (
    <InlineAlert tone="info">
      <strong>{t('account.checkout.testMode')}</strong> {t('account.checkout.testModeText')}
      <ul css={hintListStyles} aria-label={t('account.checkout.testCards')}>
        {TEST_CARD_HINT.map((card) => (
          <li key={card.number}>
            {card.number} {t(card.outcome)}
          </li>
        ))}
      </ul>
    </InlineAlert>
  );
}

interface PaymentDetailsCardProps {
  status: SubscriptionStatusResponse;
  clientSecret: string;
  planId: CheckoutPlanId;
  upgrade: boolean;
  submitLabel: string;
  onOutcome: (outcome: PaymentOutcome) => void;
}

/** Where the card is entered: Stripe Elements when Stripe serves the account, else the test provider's form. */
export function PaymentDetailsCard({
  status,
  clientSecret,
  planId,
  upgrade,
  submitLabel,
  onOutcome,
}: PaymentDetailsCardProps) {
  const { t } = useT();
  const returnUrl = new URL('/subscription-success', window.location.origin);
  returnUrl.searchParams.set('plan', planId);
  if (upgrade) returnUrl.searchParams.set('upgrade', 'true');

  return (
    <Card aria-labelledby="payment-details">
      <CardTitle id="payment-details">{t('account.checkout.paymentTitle')}</CardTitle>
      {status.mode === 'test' && <TestCardHint />}
      {status.provider === 'stripe' && status.publishableKey ? (
        <Suspense fallback={<Spinner label={t('account.checkout.loadingPaymentForm')} />}>
          <StripePaymentForm
            publishableKey={status.publishableKey}
            clientSecret={clientSecret}
            returnUrl={returnUrl.href}
            submitLabel={submitLabel}
            onOutcome={onOutcome}
          />
        </Suspense>
      ) : (
        <TestPaymentForm clientSecret={clientSecret} submitLabel={submitLabel} onOutcome={onOutcome} />
      )}
    </Card>
  );
}
