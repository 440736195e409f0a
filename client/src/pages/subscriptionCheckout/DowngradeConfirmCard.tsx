import { countText } from '@formscribe/common/countText';
import { PLANS } from '@formscribe/common/plans';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardText, CardTitle } from '../../components/ui/Card.tsx';
import { FormsToDeactivateDialog } from '../billing/FormsToDeactivateDialog.tsx';
import { useDowngradeFlow } from '../billing/useDowngradeFlow.ts';
import type { CheckoutPlanId } from './checkoutPlan.ts';

/** A downgrade needs no payment: confirm it, choosing forms to deactivate if the new limit asks. */
export function DowngradeConfirmCard({ planId, onDowngraded }: { planId: CheckoutPlanId; onDowngraded: () => void }) {
  const downgrade = useDowngradeFlow({ onDowngraded });
  const plan = PLANS[planId];
  return (
    <Card aria-labelledby="confirm-downgrade">
      <CardTitle id="confirm-downgrade">Confirm Downgrade</CardTitle>
      <CardText>
        The {plan.name} plan allows {countText(plan.activeForms, 'active form')} and{' '}
        {countText(plan.imagesPerForm, 'image')} per form. Any forms beyond that are deactivated, never deleted.
      </CardText>
      <Button fullWidth disabled={downgrade.busyPlan !== null} onClick={() => downgrade.start(planId)}>
        Downgrade to {plan.name}
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
