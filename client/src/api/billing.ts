/**
 * Subscriptions and billing (spec section 7): the plan the account is on, its billing history,
 * and the calls that change the plan. The status is read fresh on every visit and window focus
 * (staleTime 0), because a payment confirmed elsewhere (a webhook, another tab) changes it.
 */

import { billingApi } from '@formscribe/common/api/billing';
import { formsApi } from '@formscribe/common/api/forms';
import type { PlanId } from '@formscribe/common/plans';
import type { DowngradeResult, DowngradeValidation, PaidPlanId } from '@formscribe/common/schemas/billing';
import { type QueryClient, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { CURRENT_USER_QUERY_KEY } from './currentUser.ts';
import { FORMS_QUERY_KEY } from './forms.ts';
import { apiFor } from './typedApi.ts';

const api = apiFor(billingApi, formsApi);

export const SUBSCRIPTION_STATUS_QUERY_KEY = ['/api/subscription-status'] as const;
export const BILLING_HISTORY_QUERY_KEY = ['/api/billing-history'] as const;

/** After a downgrade the provider may still be writing its credit: look again after 1 s and 3 s. */
export const REFETCH_AFTER_DOWNGRADE_MS = [1000, 3000] as const;

export const subscriptionStatusQueryOptions = queryOptions({
  queryKey: SUBSCRIPTION_STATUS_QUERY_KEY,
  queryFn: () => api.get('/api/subscription-status'),
  staleTime: 0,
  refetchOnWindowFocus: true,
});

export function useSubscriptionStatus() {
  return useQuery(subscriptionStatusQueryOptions);
}

export function useBillingHistory() {
  return useQuery({
    queryKey: BILLING_HISTORY_QUERY_KEY,
    queryFn: () => api.get('/api/billing-history'),
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

const planBody = <Plan extends PlanId>(planId: Plan) => ({ planId });

/** A new paid subscription from free: answers with the first payment to confirm, if any. */
export function startSubscription(planId: PaidPlanId) {
  return api.post('/api/create-subscription', { body: planBody(planId) });
}

/** A move to a dearer plan: answers with the prorated payment to confirm, if one is needed. */
export function startUpgrade(planId: PaidPlanId) {
  return api.post('/api/upgrade-subscription', { body: planBody(planId) });
}

/** Once an upgrade's proration is paid, the server moves the account to the new plan. */
export function completeUpgrade(planId: PaidPlanId) {
  return api.post('/api/complete-upgrade', { body: planBody(planId) });
}

/** The one downgrade route answers a validation when asked with validateOnly, the change itself otherwise. */
export async function validateDowngrade(planId: PlanId): Promise<DowngradeValidation> {
  const answer = await api.post('/api/downgrade-subscription', { body: { planId, validateOnly: true } });
  if (!('needsFormSelection' in answer)) throw new Error('The downgrade was asked to validate, not to happen');
  return answer;
}

export function deactivateForms(formIds: number[]) {
  return api.post('/api/forms/deactivate-multiple', { body: { formIds } });
}

export async function performDowngrade(planId: PlanId): Promise<DowngradeResult> {
  const answer = await api.post('/api/downgrade-subscription', { body: planBody(planId) });
  if ('needsFormSelection' in answer) throw new Error('The downgrade answered a validation instead of the change');
  return answer;
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
    // A refused card is a 402, an error here; a success is the only answer that resolves.
    mutationFn: (payment: { clientSecret: string; cardNumber: string }) =>
      api.post('/api/test-payments/confirm', { body: payment }),
  });
}
