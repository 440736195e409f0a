/**
 * Subscriptions and billing (spec section 7): the plan the account is on, its billing history,
 * and the calls that change the plan. The status is read fresh on every visit and window focus
 * (staleTime 0), because a payment confirmed elsewhere (a webhook, another tab) changes it.
 */

import type { PlanId } from '@formscribe/common/plans';
import {
  billingHistoryResponseSchema,
  completeUpgradeResponseSchema,
  createSubscriptionResponseSchema,
  downgradeResultResponseSchema,
  downgradeValidationResponseSchema,
  subscriptionStatusResponseSchema,
  testPaymentConfirmResponseSchema,
  upgradeSubscriptionResponseSchema,
} from '@formscribe/common/schemas/billing';
import { deactivateFormsResponseSchema } from '@formscribe/common/schemas/form';
import { type QueryClient, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from './apiClient.ts';
import { CURRENT_USER_QUERY_KEY } from './currentUser.ts';
import { FORMS_QUERY_KEY } from './forms.ts';

export const SUBSCRIPTION_STATUS_QUERY_KEY = ['/api/subscription-status'] as const;
export const BILLING_HISTORY_QUERY_KEY = ['/api/billing-history'] as const;

/** After a downgrade the provider may still be writing its credit: look again after 1 s and 3 s. */
export const REFETCH_AFTER_DOWNGRADE_MS = [1000, 3000] as const;

export const subscriptionStatusQueryOptions = queryOptions({
  queryKey: SUBSCRIPTION_STATUS_QUERY_KEY,
  queryFn: () => apiGet('/api/subscription-status', subscriptionStatusResponseSchema),
  staleTime: 0,
  refetchOnWindowFocus: true,
});

export function useSubscriptionStatus() {
  return useQuery(subscriptionStatusQueryOptions);
}

export function useBillingHistory() {
  return useQuery({
    queryKey: BILLING_HISTORY_QUERY_KEY,
    queryFn: () => apiGet('/api/billing-history', billingHistoryResponseSchema),
  });
}

/** Everything a plan change touches: the plan, the history, the user's limits, the forms' active flags. */
export function refreshAfterPlanChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: BILLING_HISTORY_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: FORMS_QUERY_KEY }),
  ]);
}

const planBody = (planId: PlanId) => ({ planId });

/** A new paid subscription from free: answers with the first payment to confirm, if any. */
export function startSubscription(planId: PlanId) {
  return apiRequest('POST', '/api/create-subscription', {
    body: planBody(planId),
    schema: createSubscriptionResponseSchema,
  });
}

/** A move to a dearer plan: answers with the prorated payment to confirm, if one is needed. */
export function startUpgrade(planId: PlanId) {
  return apiRequest('POST', '/api/upgrade-subscription', {
    body: planBody(planId),
    schema: upgradeSubscriptionResponseSchema,
  });
}

/** Once an upgrade's proration is paid, the server moves the account to the new plan. */
export function completeUpgrade(planId: PlanId) {
  return apiRequest('POST', '/api/complete-upgrade', { body: planBody(planId), schema: completeUpgradeResponseSchema });
}

export function validateDowngrade(planId: PlanId) {
  return apiRequest('POST', '/api/downgrade-subscription', {
    body: { planId, validateOnly: true },
    schema: downgradeValidationResponseSchema,
  });
}

export function deactivateForms(formIds: number[]) {
  return apiRequest('POST', '/api/forms/deactivate-multiple', {
    body: { formIds },
    schema: deactivateFormsResponseSchema,
  });
}

export function performDowngrade(planId: PlanId) {
  return apiRequest('POST', '/api/downgrade-subscription', {
    body: planBody(planId),
    schema: downgradeResultResponseSchema,
  });
}

/** Refreshes at once, then the history and the user again after 1 s and 3 s (spec section 7). */
export function refreshAfterDowngrade(queryClient: QueryClient): void {
  void refreshAfterPlanChange(queryClient);
  for (const delay of REFETCH_AFTER_DOWNGRADE_MS) {
    setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: BILLING_HISTORY_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    }, delay);
  }
}

/** The built-in test provider's payment form: one card number against a pending payment. */
export function useConfirmTestPayment() {
  return useMutation({
    mutationFn: (payment: { clientSecret: string; cardNumber: string }) =>
      apiRequest('POST', '/api/test-payments/confirm', { body: payment, schema: testPaymentConfirmResponseSchema }),
  });
}
