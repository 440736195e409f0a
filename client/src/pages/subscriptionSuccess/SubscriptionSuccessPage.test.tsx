// @vitest-environment jsdom
import '../../test/domTestSetup.ts';
import { MESSAGES } from '@formscribe/common/messages';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useToastStore } from '../../stores/toastStore.ts';
import { buildSubscriptionStatus } from '../../test/billingFixtures.ts';
import { buildUser, stubApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { FIRST_ANSWER } from '../../test/renderWithQueries.tsx';

function successApi() {
  return stubApi({
    'GET /api/user': () => ({ status: 200, body: buildUser({ subscriptionStatus: 'starter' }) }),
    'GET /api/subscription-status': () => ({ status: 200, body: buildSubscriptionStatus('professional') }),
    'POST /api/complete-upgrade': () => ({
      status: 200,
      body: { message: MESSAGES.upgradeCompleted, plan: 'professional' },
    }),
  });
}

describe('subscription success', () => {
  it('waits while the payment is processed, completes the upgrade, then offers Continue to Billing', async () => {
    const { requests } = successApi();
    renderApp('/subscription-success?plan=professional&upgrade=true&payment_intent=pi_1&redirect_status=succeeded');
    expect(await screen.findByRole('heading', { name: 'Processing Payment' }, FIRST_ANSWER)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Subscription Activated!' }, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue to Billing' }).getAttribute('href')).toBe('/billing');
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
      { planId: 'professional' },
    ]);
  });

  it("shows 'Payment Issue' when the provider did not report success", async () => {
    successApi();
    renderApp('/subscription-success?payment_intent=pi_1&redirect_status=failed');
    expect(await screen.findByRole('heading', { name: 'Payment Issue' }, FIRST_ANSWER)).toBeTruthy();
    await waitFor(() => expect(useToastStore.getState().toasts[0]?.title).toBe('Payment Issue'));
  });
});
