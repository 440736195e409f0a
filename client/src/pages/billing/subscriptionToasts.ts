/**
 * The subscription toasts of spec section 8, worded once for the billing, checkout and success
 * pages. Failures show the server's own words when they are short enough, else the fallback.
 */
import { errorResponseBody } from '@formscribe/common/errorMessages';
import { PLANS } from '@formscribe/common/plans';
import type { DowngradeResult } from '@formscribe/common/schemas/billing';
import { z } from 'zod';
import { serverMessageOr } from '../../components/toasts/upgradeToasts.ts';
import type { ToastOptions } from '../../stores/toastStore.ts';
import { formatMoney } from './money.ts';

const destructive = (title: string, description: string): ToastOptions => ({
  title,
  description,
  variant: 'destructive',
});

const errorListSchema = z.array(z.string()).min(1);

/** A refused downgrade that lists why ('Cannot Downgrade'), or any other failure ('Downgrade Error'). */
export function downgradeFailureToast(error: unknown): ToastOptions {
  const errors = errorListSchema.safeParse(errorResponseBody(error)?.errors);
  if (errors.success) return destructive('Cannot Downgrade', errors.data.join(', '));
  return destructive('Downgrade Error', serverMessageOr(error, 'Downgrade failed'));
}

export function cannotDowngradeToast(errors: string[]): ToastOptions {
  return destructive('Cannot Downgrade', errors.join(', '));
}

export function formSelectionRequiredToast(formsRequired: number): ToastOptions {
  return destructive('Form Selection Required', selectAtLeastMessage(formsRequired));
}

export function selectAtLeastMessage(formsRequired: number): string {
  return `Please select at least ${formsRequired} forms to deactivate.`;
}

export function deactivationFailureToast(error: unknown): ToastOptions {
  return destructive('Error Deactivating Forms', serverMessageOr(error, 'Failed to deactivate forms'));
}

/** Starting a subscription or an upgrade failed: 'Upgrade Error' with the server's words or `fallback`. */
export function upgradeFailureToast(error: unknown, fallback: string): ToastOptions {
  return destructive('Upgrade Error', serverMessageOr(error, fallback));
}

export const CREATE_SUBSCRIPTION_FALLBACK = 'Failed to create subscription';
export const UPGRADE_FALLBACK = 'Upgrade failed';

/** What a refused payment says when the provider gave no words of its own. */
export const PAYMENT_FAILED_FALLBACK = 'Your payment could not be completed. Please try another card.';

export function paymentFailedToast(message: string | undefined): ToastOptions {
  return destructive('Payment Failed', message || PAYMENT_FAILED_FALLBACK);
}

export const PAYMENT_NOT_READY_TOAST = destructive('Payment Error', 'Payment system not ready. Please try again.');
export const PAYMENT_PROCESSING_TOAST: ToastOptions = {
  title: 'Payment Processing',
  description: 'Your payment is being processed...',
};
export const PAYMENT_ISSUE_TOAST = destructive(
  'Payment Issue',
  'There was an issue with your payment. Please try again or contact support.',
);

export function subscriptionActivatedToast(planName: string): ToastOptions {
  return { title: 'Subscription Activated!', description: `You are now on the ${planName} plan.` };
}

/** Names the new plan and, when there is one, the prorated credit the account received. */
export function downgradeSuccessfulToast(result: DowngradeResult): ToastOptions {
  const plan = `You are now on the ${PLANS[result.plan].name} plan.`;
  const credit =
    result.creditAmount > 0 ? ` ${formatMoney(result.creditAmount)} has been credited to your account.` : '';
  return { title: 'Downgrade Successful', description: plan + credit };
}
