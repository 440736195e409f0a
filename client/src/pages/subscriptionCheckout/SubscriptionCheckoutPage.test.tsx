// @vitest-environment jsdom
import '../../test/domTestSetup.ts';
import { MESSAGES } from '@formscribe/common/messages';
import type { PlanId } from '@formscribe/common/plans';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useToastStore } from '../../stores/toastStore.ts';
import { buildSubscriptionStatus } from '../../test/billingFixtures.ts';
import { buildUser, type FakeRequest, type FakeRoutes, signedOut, stubApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { FIRST_ANSWER } from '../../test/renderWithQueries.tsx';

// Radix Toast reads pointer capture on pointerup (swipe handling); jsdom has none of it.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

function checkoutApi(plan: PlanId, routes: FakeRoutes = {}) {
  return stubApi({
    'GET /api/user': () => ({ status: 200, body: buildUser({ subscriptionStatus: plan }) }),
    'GET /api/subscription-status': () => ({ status: 200, body: buildSubscriptionStatus(plan) }),
    'GET /api/billing-history': () => ({ status: 200, body: { invoices: [] } }),
    ...routes,
  });
}

/** The test provider's confirm route, answering as the server does for Stripe's test cards. */
function testCardConfirm(request: FakeRequest) {
  const { cardNumber } = request.body as { cardNumber: string };
  if (cardNumber.replace(/\s/g, '') === '4000000000000002') {
    return { status: 402, body: { error: MESSAGES.cardDeclined, code: 'card_declined' } };
  }
  return { status: 200, body: { status: 'succeeded' } };
}

const posts = (requests: FakeRequest[]) =>
  requests.filter((request) => request.method === 'POST').map((request) => [request.path, request.body]);

const lastToast = () => useToastStore.getState().toasts[0];

async function payWith(cardNumber: string) {
  const user = userEvent.setup();
  const form = within(await screen.findByRole('form', { name: 'Payment details' }, FIRST_ANSWER));
  await user.clear(form.getByLabelText('Card Number'));
  await user.type(form.getByLabelText('Card Number'), cardNumber);
  await user.clear(form.getByLabelText('Expiry'));
  await user.type(form.getByLabelText('Expiry'), '1239');
  await user.clear(form.getByLabelText('CVC'));
  await user.type(form.getByLabelText('CVC'), '123');
  await user.click(form.getByRole('button', { name: /^(Subscribe to|Pay and Upgrade)/ }));
}

describe('subscription checkout', () => {
  it('asks a signed-out visitor to log in, and Log In goes to /auth', async () => {
    stubApi({ 'GET /api/user': () => signedOut });
    const user = userEvent.setup();
    const { router } = renderApp('/subscription-checkout?plan=starter');
    expect(await screen.findByText('Please log in to subscribe to a plan', {}, FIRST_ANSWER)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it.each(['free', 'enterprise', ''])("says 'Invalid plan selected' for plan=%s and starts nothing", async (plan) => {
    const { requests } = checkoutApi('free');
    renderApp(`/subscription-checkout?plan=${plan}`);
    expect(await screen.findByText('Invalid plan selected', {}, FIRST_ANSWER)).toBeTruthy();
    expect(posts(requests)).toEqual([]);
  });

  it('subscribes from free with the test provider: hint shown, a declined card fails, 4242 activates and goes to billing', async () => {
    const { requests } = checkoutApi('free', {
      'POST /api/create-subscription': () => ({
        status: 200,
        body: { clientSecret: 'test_secret_1', message: MESSAGES.subscriptionPaymentStarted },
      }),
      'POST /api/test-payments/confirm': testCardConfirm,
    });
    const { router } = renderApp('/subscription-checkout?plan=starter');
    expect(await screen.findByRole('heading', { name: 'Complete Your Subscription' }, FIRST_ANSWER)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Starter Plan' })).toBeTruthy();
    const hint = within(await screen.findByRole('list', { name: 'Test cards' }));
    expect(hint.getByText(/4242 4242 4242 4242/)).toBeTruthy();
    expect(hint.getByText(/4000 0000 0000 0002/)).toBeTruthy();
    expect(hint.getByText(/4000 0000 0000 9995/)).toBeTruthy();

    await payWith('4000 0000 0000 0002');
    await waitFor(() =>
      expect(lastToast()).toEqual(
        expect.objectContaining({ title: 'Payment Failed', description: MESSAGES.cardDeclined }),
      ),
    );
    expect(router.state.location.pathname).toBe('/subscription-checkout');
    // Said beside the card too, announced, and kept there until the card number changes.
    const cardNumber = screen.getByLabelText('Card Number');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.cardDeclined);
    expect(cardNumber.getAttribute('aria-invalid')).toBe('true');
    await userEvent.setup().type(cardNumber, '1');
    expect(screen.queryByRole('alert')).toBeNull();

    await payWith('4242424242424242');
    await waitFor(() => expect(lastToast()?.title).toBe('Subscription Activated!'));
    expect(router.state.location.pathname).toBe('/subscription-checkout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing'), { timeout: 4000 });
    expect(posts(requests)).toEqual([
      ['/api/create-subscription', { planId: 'starter' }],
      ['/api/test-payments/confirm', { clientSecret: 'test_secret_1', cardNumber: '4000 0000 0000 0002' }],
      ['/api/test-payments/confirm', { clientSecret: 'test_secret_1', cardNumber: '4242 4242 4242 4242' }],
    ]);
  });

  it('completes a prorated upgrade after its payment succeeds', async () => {
    const { requests } = checkoutApi('starter', {
      'POST /api/upgrade-subscription': () => ({
        status: 200,
        body: { requiresPayment: true, clientSecret: 'test_secret_up', message: MESSAGES.upgradePaymentStarted },
      }),
      'POST /api/test-payments/confirm': testCardConfirm,
      'POST /api/complete-upgrade': () => ({
        status: 200,
        body: { message: MESSAGES.upgradeCompleted, plan: 'professional' },
      }),
    });
    renderApp('/subscription-checkout?plan=professional&upgrade=true');
    expect(await screen.findByRole('heading', { name: 'Upgrade Your Subscription' }, FIRST_ANSWER)).toBeTruthy();
    await payWith('4242 4242 4242 4242');
    await waitFor(() => expect(lastToast()?.title).toBe('Subscription Activated!'));
    expect(posts(requests)).toEqual([
      ['/api/upgrade-subscription', { planId: 'professional' }],
      ['/api/test-payments/confirm', { clientSecret: 'test_secret_up', cardNumber: '4242 4242 4242 4242' }],
      ['/api/complete-upgrade', { planId: 'professional' }],
    ]);
  });

  it('counts a subscription with nothing to pay as complete and goes to billing', async () => {
    checkoutApi('free', {
      'POST /api/create-subscription': () => ({
        status: 200,
        body: { clientSecret: null, message: MESSAGES.subscriptionActivated },
      }),
    });
    const { router } = renderApp('/subscription-checkout?plan=professional');
    await waitFor(() => expect(lastToast()?.title).toBe('Subscription Activated!'), FIRST_ANSWER);
    expect(screen.queryByRole('form', { name: 'Payment details' })).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing'), { timeout: 3000 });
  });

  it('turns back a visit for the plan the user is already on, asking nothing', async () => {
    const { requests } = checkoutApi('starter');
    const { router } = renderApp('/subscription-checkout?plan=starter');
    await waitFor(() => expect(lastToast()?.title).toBe('No Plan Change Needed'), FIRST_ANSWER);
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing'), { timeout: 3000 });
    expect(posts(requests)).toEqual([]);
  });

  it("shows 'Upgrade Error' with the server's words when the upgrade cannot start", async () => {
    checkoutApi('starter', {
      'POST /api/upgrade-subscription': () => ({ status: 400, body: { message: MESSAGES.upgradeToCheaperPlan } }),
    });
    renderApp('/subscription-checkout?plan=professional&upgrade=true');
    await waitFor(
      () =>
        expect(lastToast()).toEqual(
          expect.objectContaining({ title: 'Upgrade Error', description: MESSAGES.upgradeToCheaperPlan }),
        ),
      FIRST_ANSWER,
    );
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
