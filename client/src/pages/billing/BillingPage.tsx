import { css } from '@emotion/react';
import { ACTIVE_FORMS_NOTE, PLAN_LIST, type PlanId } from '@formscribe/common/plans';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSubscriptionStatus } from '../../api/billing.ts';
import { useCurrentUser } from '../../api/currentUser.ts';
import { PageTitle } from '../../components/ui/Card.tsx';
import { CardGrid } from '../../components/ui/CardGrid.tsx';
import { MutedText } from '../../components/ui/MutedText.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
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
  const { data: user } = useCurrentUser();
  const status = useSubscriptionStatus();
  const navigate = useNavigate();
  const downgrade = useDowngradeFlow();

  useEffect(() => {
    if (status.isError) {
      showToast({ title: 'Error', description: 'Failed to fetch subscription status', variant: 'destructive' });
    }
  }, [status.isError]);

  // The provider's answer decides; the user record stands in only when that answer failed.
  const currentPlan = status.data?.plan ?? (status.isError ? user?.subscriptionStatus : undefined);
  // No payment provider on this server: nothing can be paid for, so no upgrade is offered.
  const paidPlansOff = status.data?.provider === 'none';

  function choose(planId: PlanId) {
    if (!currentPlan) return;
    const choice = planChoice(currentPlan, planId);
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
        <PageTitle>Billing &amp; Subscription</PageTitle>
        <MutedText>Choose the plan that fits your project. Changes are prorated to the day.</MutedText>
      </div>
      {status.data && <PaymentsNotice provider={status.data.provider} />}
      {currentPlan ? (
        <CardGrid minCardWidth="16rem" aria-label="Plans">
          {PLAN_LIST.map((plan) => {
            const choice = planChoice(currentPlan, plan.id);
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
        <Spinner label="Loading plans" />
      )}
      <MutedText>{ACTIVE_FORMS_NOTE}</MutedText>
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
