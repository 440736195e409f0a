import { css } from '@emotion/react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSubscriptionStatus } from '../../api/billing.ts';
import { useCurrentUser } from '../../api/currentUser.ts';
import { AppLayout } from '../../components/appLayout/AppLayout.tsx';
import { CentredPageLayout } from '../../components/CentredPageLayout.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { ButtonRow, Card, CardText, CardTitle } from '../../components/ui/Card.tsx';
import { InlineAlert } from '../../components/ui/InlineAlert.tsx';
import { CentredSpinner } from '../../components/ui/Spinner.tsx';
import { currentTranslator } from '../../i18n/localeStore.ts';
import { useT } from '../../i18n/useT.ts';
import { saveRedirectAfterAuth } from '../../stores/redirectAfterAuth.ts';
import { showToast } from '../../stores/toastStore.ts';
import { BackToBilling, BackToBillingLink, CheckoutSteps } from './CheckoutSteps.tsx';
import { checkoutIntent, checkoutPlanId } from './checkoutPlan.ts';
import { CHECKOUT_ROUTE_ID } from './checkoutSearch.ts';

const routeApi = getRouteApi(CHECKOUT_ROUTE_ID);

const checkoutFrameStyles = css`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
`;

/** Signed out, checkout explains itself instead of redirecting; Log In comes back here afterwards. */
function SignedOutCheckout() {
  const { t } = useT();
  const navigate = useNavigate();
  function logIn() {
    saveRedirectAfterAuth(`${window.location.pathname}${window.location.search}`);
    void navigate({ to: '/auth' });
  }
  return (
    <CentredPageLayout>
      <Card>
        <CardTitle>{t('account.checkout.pageTitle')}</CardTitle>
        <CardText>{t('account.checkout.logInToSubscribe')}</CardText>
        <Button onClick={logIn}>{t('account.checkout.logIn')}</Button>
      </Card>
    </CentredPageLayout>
  );
}

function InvalidPlan() {
  const { t } = useT();
  return (
    <Card>
      <CardTitle>{t('account.checkout.pageTitle')}</CardTitle>
      <InlineAlert tone="error">{t('account.checkout.invalidPlan')}</InlineAlert>
      <ButtonRow>
        <BackToBilling />
      </ButtonRow>
    </Card>
  );
}

function CheckoutForPlan() {
  const { t } = useT();
  const search = routeApi.useSearch();
  const status = useSubscriptionStatus();
  const planId = checkoutPlanId(search.plan);

  useEffect(() => {
    if (status.isError) {
      const toastWords = currentTranslator();
      showToast({
        title: toastWords.t('account.errorToast'),
        description: toastWords.t('account.statusFailed'),
        variant: 'destructive',
      });
    }
  }, [status.isError]);

  if (!planId) return <InvalidPlan />;
  if (status.isError) {
    return (
      <Card>
        <InlineAlert tone="error">{t('account.statusFailed')}</InlineAlert>
        <ButtonRow>
          <Button onClick={() => void status.refetch()}>{t('account.tryAgain')}</Button>
          <BackToBilling />
        </ButtonRow>
      </Card>
    );
  }
  if (!status.data) return <CentredSpinner label={t('account.checkout.loading')} />;
  return (
    <CheckoutSteps
      planId={planId}
      intent={checkoutIntent(search)}
      status={status.data}
      clientSecretFromUrl={search.client_secret}
    />
  );
}

/**
 * /subscription-checkout?plan=starter|professional[&upgrade=true|&downgrade=true][&client_secret=…]:
 * pay for a plan, or confirm a downgrade. Guarded by the page itself (see SignedOutCheckout).
 */
export function SubscriptionCheckoutPage() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <CentredSpinner />;
  if (!user) return <SignedOutCheckout />;
  return (
    <AppLayout>
      <div css={checkoutFrameStyles}>
        <BackToBillingLink />
        <CheckoutForPlan />
      </div>
    </AppLayout>
  );
}
