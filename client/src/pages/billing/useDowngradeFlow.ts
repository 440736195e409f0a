/**
 * A downgrade, as spec section 4 orders it: ask the server first (validate only); if the new
 * plan allows fewer active forms than the account has, the user picks which to deactivate
 * (at least the required count), those are deactivated, and only then the downgrade is asked for.
 */
import type { PlanId } from '@formscribe/common/plans';
import type { DowngradeValidation } from '@formscribe/common/schemas/billing';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deactivateForms, performDowngrade, refreshAfterDowngrade, validateDowngrade } from '../../api/billing.ts';
import { showToast } from '../../stores/toastStore.ts';
import {
  cannotDowngradeToast,
  deactivationFailureToast,
  downgradeFailureToast,
  downgradeSuccessfulToast,
  formSelectionRequiredToast,
} from './subscriptionToasts.ts';

export interface PendingSelection {
  planId: PlanId;
  validation: DowngradeValidation;
}

export function useDowngradeFlow(options: { onDowngraded?: () => void } = {}) {
  const queryClient = useQueryClient();
  const [busyPlan, setBusyPlan] = useState<PlanId | null>(null);
  const [selection, setSelection] = useState<PendingSelection | null>(null);

  async function downgrade(planId: PlanId) {
    try {
      const result = await performDowngrade(planId);
      showToast(downgradeSuccessfulToast(result));
      refreshAfterDowngrade(queryClient);
      options.onDowngraded?.();
    } catch (error) {
      showToast(downgradeFailureToast(error));
    }
  }

  async function start(planId: PlanId) {
    setBusyPlan(planId);
    try {
      const validation = await validateDowngrade(planId);
      if (validation.needsFormSelection) {
        setSelection({ planId, validation });
        return;
      }
      if (validation.errors.length > 0) {
        showToast(cannotDowngradeToast(validation.errors));
        return;
      }
      await downgrade(planId);
    } catch (error) {
      showToast(downgradeFailureToast(error));
    } finally {
      setBusyPlan(null);
    }
  }

  async function confirmSelection(formIds: number[]) {
    if (!selection) return;
    const { planId, validation } = selection;
    if (formIds.length < validation.formsRequired) {
      showToast(formSelectionRequiredToast(validation.formsRequired));
      return;
    }
    setBusyPlan(planId);
    try {
      await deactivateForms(formIds);
    } catch (error) {
      showToast(deactivationFailureToast(error));
      setBusyPlan(null);
      return;
    }
    setSelection(null);
    await downgrade(planId);
    setBusyPlan(null);
  }

  return {
    start: (planId: PlanId) => void start(planId),
    busyPlan,
    selection,
    confirmSelection: (formIds: number[]) => void confirmSelection(formIds),
    cancelSelection: () => setSelection(null),
  };
}
