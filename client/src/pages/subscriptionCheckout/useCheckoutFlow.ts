/**
 * The checkout's steps (spec section 4): turn back a visit with nothing to do; otherwise start
 * the subscription or upgrade, which answers with a payment to confirm (a client secret) or
 * none (already complete); then act on the payment's outcome. Each visit starts once.
 */
import { PLANS, type PlanId } from '@formscribe/common/plans';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { completeUpgrade, refreshAfterPlanChange, startSubscription, startUpgrade } from '../../api/billing.ts';
import { currentTranslator } from '../../i18n/localeStore.ts';
import { showToast } from '../../stores/toastStore.ts';
import {
  createSubscriptionFallback,
  paymentFailedToast,
  paymentProcessingToast,
  subscriptionActivatedToast,
  upgradeFailureToast,
  upgradeFallback,
} from '../billing/subscriptionToasts.ts';
import { BILLING_REDIRECT_DELAY_MS, type CheckoutIntent, type CheckoutPlanId, nothingToDo } from './checkoutPlan.ts';
import type { PaymentOutcome } from './paymentOutcome.ts';

export type CheckoutStep =
  | { step: 'starting' }
  | { step: 'payment'; clientSecret: string }
  | { step: 'downgrade' }
  | { step: 'error'; message: string }
  /** Paid, complete, or nothing to do: on the way back to /billing. */
  | { step: 'finished'; message: string };

interface CheckoutFlowInput {
  planId: CheckoutPlanId;
  intent: CheckoutIntent;
  /** The plan the account is on; undefined until the subscription status has loaded. */
  currentPlan: PlanId | undefined;
  clientSecretFromUrl: string | undefined;
}

export function useCheckoutFlow({ planId, intent, currentPlan, clientSecretFromUrl }: CheckoutFlowInput) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [state, setState] = useState<CheckoutStep>({ step: 'starting' });
  const started = useRef(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const planName = PLANS[planId].name;

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  function finish(message: string, delayMs: number) {
    setState({ step: 'finished', message });
    redirectTimer.current = setTimeout(() => void navigate({ to: '/billing' }), delayMs);
  }

  async function activated(delayMs: number) {
    showToast(subscriptionActivatedToast(planName));
    await refreshAfterPlanChange(queryClient);
    finish(currentTranslator().t('account.checkout.nowOnPlan', { plan: planName }), delayMs);
  }

  async function start(plan: PlanId) {
    const reason = nothingToDo(plan, planId, intent, currentTranslator());
    if (reason) {
      showToast(reason);
      finish(reason.description, BILLING_REDIRECT_DELAY_MS.nothingToDo);
      return;
    }
    if (intent === 'downgrade') return setState({ step: 'downgrade' });
    if (clientSecretFromUrl) return setState({ step: 'payment', clientSecret: clientSecretFromUrl });

    const fallback = intent === 'upgrade' ? upgradeFallback() : createSubscriptionFallback();
    try {
      const answer = intent === 'upgrade' ? await startUpgrade(planId) : await startSubscription(planId);
      if (answer.clientSecret) return setState({ step: 'payment', clientSecret: answer.clientSecret });
      // No payment to confirm: the subscription is already complete.
      await activated(BILLING_REDIRECT_DELAY_MS.noPaymentNeeded);
    } catch (error) {
      const toast = upgradeFailureToast(error, fallback);
      showToast(toast);
      setState({ step: 'error', message: toast.description ?? fallback });
    }
  }

  useEffect(() => {
    if (currentPlan === undefined || started.current) return;
    started.current = true;
    void start(currentPlan);
  });

  async function onPaymentOutcome(outcome: PaymentOutcome) {
    if (outcome.kind === 'processing') return showToast(paymentProcessingToast());
    if (outcome.kind === 'failed') return showToast(paymentFailedToast(outcome.message));
    if (intent === 'upgrade') {
      try {
        await completeUpgrade(planId);
      } catch (error) {
        const toast = upgradeFailureToast(error, upgradeFallback());
        showToast(toast);
        return setState({ step: 'error', message: toast.description ?? upgradeFallback() });
      }
    }
    await activated(BILLING_REDIRECT_DELAY_MS.afterPayment);
  }

  function retry() {
    setState({ step: 'starting' });
    if (currentPlan) void start(currentPlan);
  }

  return {
    state,
    onPaymentOutcome: (outcome: PaymentOutcome) => void onPaymentOutcome(outcome),
    onDowngraded: () =>
      finish(currentTranslator().t('account.checkout.planChanged'), BILLING_REDIRECT_DELAY_MS.nothingToDo),
    retry,
  };
}
