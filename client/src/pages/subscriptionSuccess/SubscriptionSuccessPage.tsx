import { css } from '@emotion/react';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { completeUpgrade, refreshAfterPlanChange } from '../../api/billing.ts';
import { buttonStyles } from '../../components/ui/buttonStyles.ts';
import { Card, CardText, PageTitle } from '../../components/ui/Card.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useT } from '../../i18n/useT.ts';
import { showToast } from '../../stores/toastStore.ts';
import { paymentIssueToast } from '../billing/subscriptionToasts.ts';
import { checkoutPlanId } from '../subscriptionCheckout/checkoutPlan.ts';
import { SUCCESS_ROUTE_ID, type SuccessSearch } from './successSearch.ts';

const routeApi = getRouteApi(SUCCESS_ROUTE_ID);

/** The provider may still be recording the payment when the browser comes back (spec section 4). */
export const SUCCESS_WAIT_MS = 2000;

const cardStyles = css`
  align-items: center;
  max-width: 480px;
  margin-block: 3rem;
  margin-inline: auto;
  text-align: center;
`;

type Outcome = 'processing' | 'activated' | 'issue';

async function settle(search: SuccessSearch, refresh: () => Promise<unknown>): Promise<Outcome> {
  await new Promise((resolve) => setTimeout(resolve, SUCCESS_WAIT_MS));
  // An upgrade paid through a redirect still needs its completion call, as checkout makes it in place.
  const upgradedPlan = search.upgrade === 'true' ? checkoutPlanId(search.plan) : null;
  if (upgradedPlan) {
    try {
      await completeUpgrade(upgradedPlan);
    } catch {
      return 'issue';
    }
  }
  await refresh();
  return 'activated';
}

/**
 * /subscription-success: where Stripe returns after a payment that needed a redirect (3-D Secure,
 * a bank page). A succeeded payment is confirmed after a short wait; anything else is an issue.
 */
export function SubscriptionSuccessPage() {
  const { t } = useT();
  const search = routeApi.useSearch();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>('processing');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (search.redirect_status !== 'succeeded' || !search.payment_intent) {
      setOutcome('issue');
      return;
    }
    void settle(search, () => refreshAfterPlanChange(queryClient)).then(setOutcome);
  }, [search, queryClient]);

  useEffect(() => {
    if (outcome === 'issue') showToast(paymentIssueToast());
  }, [outcome]);

  return (
    <Card css={cardStyles}>
      {outcome === 'processing' && (
        <>
          <Spinner label={t('account.success.processingTitle')} />
          <PageTitle>{t('account.success.processingTitle')}</PageTitle>
          <CardText>{t('account.success.processingText')}</CardText>
        </>
      )}
      {outcome === 'activated' && (
        <>
          <PageTitle>{t('account.billing.toast.activated')}</PageTitle>
          <CardText>{t('account.success.activatedText')}</CardText>
          <Link to="/billing" css={buttonStyles('primary', false)}>
            {t('account.success.continueToBilling')}
          </Link>
        </>
      )}
      {outcome === 'issue' && (
        <>
          <PageTitle>{t('account.billing.toast.paymentIssue')}</PageTitle>
          <CardText>{t('account.billing.toast.paymentIssueText')}</CardText>
          <Link to="/billing" css={buttonStyles('secondary', false)}>
            {t('account.checkout.backToBilling')}
          </Link>
        </>
      )}
    </Card>
  );
}
