import { PLANS } from '@formscribe/common/plans';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardText, CardTitle } from '../../components/ui/Card.tsx';
import { useT } from '../../i18n/useT.ts';
import { FormsToDeactivateDialog } from '../billing/FormsToDeactivateDialog.tsx';
import { useDowngradeFlow } from '../billing/useDowngradeFlow.ts';
import type { CheckoutPlanId } from './checkoutPlan.ts';

/** A downgrade needs no payment: confirm it, choosing forms to deactivate if the new limit asks. */
export function DowngradeConfirmCard({ planId, onDowngraded }: { planId: CheckoutPlanId; onDowngraded: () => void }) {
  const { t } = useT();
  const downgrade = useDowngradeFlow({ onDowngraded });
  const plan = PLANS[planId];
  return (
    <Card aria-labelledby="confirm-downgrade">
      <CardTitle id="confirm-downgrade">{t('account.checkout.confirmDowngrade')}</CardTitle>
      <CardText>
        {t('account.checkout.downgradeExplained', {
          plan: plan.name,
          forms: plan.activeForms,
          images: plan.imagesPerForm,
        })}
      </CardText>
      <Button fullWidth disabled={downgrade.busyPlan !== null} onClick={() => downgrade.start(planId)}>
        {t('account.billing.downgradeTo', { plan: plan.name })}
      </Button>
      {downgrade.selection && (
        <FormsToDeactivateDialog
          selection={downgrade.selection}
          busy={downgrade.busyPlan !== null}
          onCancel={downgrade.cancelSelection}
          onConfirm={downgrade.confirmSelection}
        />
      )}
    </Card>
  );
}
