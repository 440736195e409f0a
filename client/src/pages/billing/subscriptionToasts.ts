/**
 * The subscription toasts of spec section 8, worded once for the billing, checkout and success
 * pages, in the reader's language at the moment they are shown. Failures show the server's own
 * words when they are short enough (translated when the catalogue knows them), else the fallback.
 */
import { errorResponseBody } from '@formscribe/common/errorMessages';
import { PLANS } from '@formscribe/common/plans';
import type { DowngradeResult } from '@formscribe/common/schemas/billing';
import { z } from 'zod';
import { serverMessageOr } from '../../components/toasts/upgradeToasts.ts';
import { currentTranslator } from '../../i18n/localeStore.ts';
import { translateServerMessage } from '../../i18n/serverMessages.ts';
import type { ToastOptions } from '../../stores/toastStore.ts';
import { formatMoney } from './money.ts';

const destructive = (title: string, description: string): ToastOptions => ({
  title,
  description,
  variant: 'destructive',
});

const t: ReturnType<typeof currentTranslator>['t'] = (key, values) => currentTranslator().t(key, values);

const serverWordsOr = (error: unknown, fallback: string) => translateServerMessage(serverMessageOr(error, fallback));

const errorListSchema = z.array(z.string()).min(1);

/** A refused downgrade that lists why ('Cannot Downgrade'), or any other failure ('Downgrade Error'). */
export function downgradeFailureToast(error: unknown): ToastOptions {
  const errors = errorListSchema.safeParse(errorResponseBody(error)?.errors);
  if (errors.success) return cannotDowngradeToast(errors.data);
  return destructive(
    t('account.billing.toast.downgradeError'),
    serverWordsOr(error, t('account.billing.toast.downgradeFailed')),
  );
}

export function cannotDowngradeToast(errors: string[]): ToastOptions {
  return destructive(t('account.billing.toast.cannotDowngrade'), errors.map(translateServerMessage).join(', '));
}

export function formSelectionRequiredToast(formsRequired: number): ToastOptions {
  return destructive(t('account.billing.toast.selectionRequired'), selectAtLeastMessage(formsRequired));
}

export function selectAtLeastMessage(formsRequired: number): string {
  return t('account.billing.selectAtLeast', { count: formsRequired });
}

export function deactivationFailureToast(error: unknown): ToastOptions {
  return destructive(
    t('account.billing.toast.deactivateError'),
    serverWordsOr(error, t('account.billing.toast.deactivateFailed')),
  );
}

/** Starting a subscription or an upgrade failed: 'Upgrade Error' with the server's words or `fallback`. */
export function upgradeFailureToast(error: unknown, fallback: string): ToastOptions {
  return destructive(t('account.billing.toast.upgradeError'), serverWordsOr(error, fallback));
}

export const createSubscriptionFallback = () => t('account.billing.toast.createSubscriptionFailed');
export const upgradeFallback = () => t('account.billing.toast.upgradeFailed');

/** What a refused payment says when the provider gave no words of its own. */
export const paymentFailedFallback = () => t('account.billing.toast.paymentFailedText');

export function paymentFailedToast(message: string | undefined): ToastOptions {
  return destructive(t('account.billing.toast.paymentFailed'), message || paymentFailedFallback());
}

export const paymentNotReadyToast = () =>
  destructive(t('account.billing.toast.paymentError'), t('account.billing.toast.paymentNotReady'));
export const paymentProcessingToast = (): ToastOptions => ({
  title: t('account.billing.toast.paymentProcessing'),
  description: t('account.billing.toast.paymentProcessingText'),
});
export const paymentIssueToast = () =>
  destructive(t('account.billing.toast.paymentIssue'), t('account.billing.toast.paymentIssueText'));

export function subscriptionActivatedToast(planName: string): ToastOptions {
  return {
    title: t('account.billing.toast.activated'),
    description: t('account.billing.toast.nowOnPlan', { plan: planName }),
  };
}

/** Names the new plan and, when there is one, the prorated credit the account received. */
export function downgradeSuccessfulToast(result: DowngradeResult): ToastOptions {
  const plan = PLANS[result.plan].name;
  const description =
    result.creditAmount > 0
      ? t('account.billing.toast.nowOnPlanWithCredit', {
          plan,
          amount: formatMoney(currentTranslator(), result.creditAmount),
        })
      : t('account.billing.toast.nowOnPlan', { plan });
  return { title: t('account.billing.toast.downgradeSuccessful'), description };
}
