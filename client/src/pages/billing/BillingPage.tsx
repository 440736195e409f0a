import { css } from '@emotion/react';
import { PLAN_LIST, type PlanId } from '@formscribe/common/plans';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSubscriptionStatus } from '../../api/billing.ts';
import { useCurrentUser } from '../../api/currentUser.ts';
import { PageTitle } from '../../components/ui/Card.tsx';
import { CardGrid } from '../../components/ui/CardGrid.tsx';
import { MutedText } from '../../components/ui/MutedText.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { currentTranslator } from '../../i18n/localeStore.ts';
import { useT } from '../../i18n/useT.ts';
import { showToast } from '../../stores/toastStore.ts';
import { AccountActivity } from './AccountActivity.tsx';
import { FormsToDeactivateDialog } from './FormsToDeactivateDialog.tsx';
import { PaymentsNotice } from './PaymentsNotice.tsx';
import { PlanCard } from './PlanCard.tsx';
import { planChoice } from './planChoice.ts';
import { useDowngradeFlow } from './useDowngradeFlow.ts';

const pageStyles = css`
  display: flex;
  flex-direction: column;
  gap: 1.5rem;
`;

const MOST_POPULAR_PLAN: PlanId = 'starter';

/**
 * /billing (guarded): the three plans with what each would do from the current one, and the
 * account's activity. Upgrades go to checkout to pay; downgrades happen here, after the form
 * selection the new plan's limit may call for.
 */
export function BillingPage() {
  const translator = useT();
  const { t } = translator;
  const { data: user } = useCurrentUser();
  const status = useSubscriptionStatus();
  const navigate = useNavigate();
  const downgrade = useDowngradeFlow();

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

  // The provider's answer decides; the user record stands in only when that answer failed.
  const currentPlan = status.data?.plan ?? (status.isError ? user?.subscriptionStatus : undefined);
  // No payment provider on this server: nothing can be paid for, so no upgrade is offered.
  const paidPlansOff = status.data?.provider === 'none';

  function choose(planId: PlanId) {
    if (!currentPlan) return;
    const choice = planChoice(currentPlan, planId, translator);
    if (choice.kind === 'upgrade') {
      void navigate({
        to: '/subscription-checkout',
        search: { plan: planId, upgrade: choice.proration ? 'true' : undefined },
      });
    } else if (choice.kind === 'downgrade') {
      downgrade.start(planId);
    }
  }

  return (
    <div css={pageStyles}>
      <div>
        <PageTitle>{t('account.billing.title')}</PageTitle>
        <MutedText>{t('account.billing.intro')}</MutedText>
      </div>
      {status.data && <PaymentsNotice provider={status.data.provider} />}
      {currentPlan ? (
        <CardGrid minCardWidth="16rem" aria-label={t('account.billing.plansLabel')}>
          {PLAN_LIST.map((plan) => {
            const choice = planChoice(currentPlan, plan.id, translator);
            return (
              <li key={plan.id}>
                <PlanCard
                  plan={plan}
                  choice={choice}
                  mostPopular={plan.id === MOST_POPULAR_PLAN}
                  busy={downgrade.busyPlan === plan.id}
                  disabled={downgrade.busyPlan !== null || (paidPlansOff && choice.kind === 'upgrade')}
                  onChoose={() => choose(plan.id)}
                />
              </li>
            );
          })}
        </CardGrid>
      ) : (
        <Spinner label={t('account.billing.loadingPlans')} />
      )}
      <MutedText>{t('account.billing.activeFormsNote')}</MutedText>
      <AccountActivity />
      {downgrade.selection && (
        <FormsToDeactivateDialog
          key={downgrade.selection.planId}
          selection={downgrade.selection}
          busy={downgrade.busyPlan !== null}
          onCancel={downgrade.cancelSelection}
          onConfirm={downgrade.confirmSelection}
        />
      )}
    </div>
  );
}
