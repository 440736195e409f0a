/** Billing answers: the subscription status, history rows and the downgrade validation. */
import { MESSAGES } from '@formscribe/common/messages';
import type {
  BillingInvoice,
  DowngradeValidation,
  SubscriptionStatusResponse,
} from '@formscribe/common/schemas/billing';
import type { BillingEntry } from '../models/BillingEntry.ts';
import type { SubscriptionStatusView } from '../services/billing/accountSubscription.ts';
import type { DowngradeCheck } from '../services/billing/downgradeValidation.ts';

export function presentSubscriptionStatus(view: SubscriptionStatusView): SubscriptionStatusResponse {
  return {
    status: view.status,
    plan: view.plan,
    mode: view.mode,
    provider: view.provider,
    publishableKey: view.publishableKey,
    currentPeriodEnd: view.currentPeriodEnd ? view.currentPeriodEnd.toISOString() : null,
  };
}

/** A history row; its id is a string so rows of any provider share one shape. */
export function presentBillingEntry(entry: BillingEntry): BillingInvoice {
  return {
    id: String(entry.id),
    type: entry.type,
    source: entry.source,
    date: entry.createdAt.toISOString(),
    description: entry.description,
    amount: entry.amountCents,
    currency: entry.currency,
    status: entry.status,
    invoiceUrl: entry.invoiceUrl,
    downloadUrl: entry.downloadUrl,
  };
}

const formsWord = (count: number) => (count === 1 ? 'form' : 'forms');

/** The validation the 'Select Forms to Deactivate' dialog works from. */
export function presentDowngradeValidation(check: DowngradeCheck): DowngradeValidation {
  const { plan, activeFormLimit, activeForms, formsRequired } = check;
  if (formsRequired === 0) {
    return {
      needsFormSelection: false,
      formsToDeactivate: [],
      formsRequired: 0,
      errors: [],
      message: MESSAGES.downgradeAllowed,
    };
  }
  const problem =
    `You have ${activeForms.length} active ${formsWord(activeForms.length)}; the ${plan.name} plan allows ` +
    `${activeFormLimit}. Deactivate at least ${formsRequired} ${formsWord(formsRequired)} to downgrade.`;
  return {
    needsFormSelection: true,
    formsToDeactivate: activeForms.map((form) => ({
      id: form.id,
      name: form.name,
      description: form.description,
      createdAt: form.createdAt.toISOString(),
      organizationName: form.organizationName,
    })),
    formsRequired,
    errors: [problem],
    message: `Please select at least ${formsRequired} ${formsWord(formsRequired)} to deactivate.`,
  };
}
