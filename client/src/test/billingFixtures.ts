/** Billing answers as the API gives them, for component tests of the billing and checkout pages. */
import type { PlanId } from '@formscribe/common/plans';
import type { BillingInvoice, FormToDeactivate, SubscriptionStatusResponse } from '@formscribe/common/schemas/billing';

export function buildSubscriptionStatus(
  plan: PlanId,
  overrides: Partial<SubscriptionStatusResponse> = {},
): SubscriptionStatusResponse {
  return {
    status: plan === 'free' ? 'none' : 'active',
    plan,
    mode: 'test',
    provider: 'test',
    publishableKey: null,
    currentPeriodEnd: plan === 'free' ? null : '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function buildInvoice(overrides: Partial<BillingInvoice> = {}): BillingInvoice {
  return {
    id: 'test_1',
    type: 'payment',
    source: 'test',
    date: '2026-01-15T10:00:00.000Z',
    description: 'Starter plan',
    amount: 1900,
    currency: 'usd',
    status: 'succeeded',
    invoiceUrl: null,
    downloadUrl: null,
    ...overrides,
  };
}

export function buildFormToDeactivate(overrides: Partial<FormToDeactivate> = {}): FormToDeactivate {
  return {
    id: 1,
    name: 'Parish Register 1850',
    description: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    organizationName: null,
    ...overrides,
  };
}
