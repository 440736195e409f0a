// @vitest-environment jsdom
import '../../test/domTestSetup.ts';
import { MESSAGES } from '@formscribe/common/messages';
import { ACTIVE_FORMS_NOTE, type PlanId } from '@formscribe/common/plans';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useToastStore } from '../../stores/toastStore.ts';
import { buildFormToDeactivate, buildInvoice, buildSubscriptionStatus } from '../../test/billingFixtures.ts';
import { buildUser, type FakeRoutes, stubApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { FIRST_ANSWER } from '../../test/renderWithQueries.tsx';

// Radix Toast reads pointer capture on pointerup (swipe handling); jsdom has none of it.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

function billingApi(plan: PlanId, routes: FakeRoutes = {}) {
  return stubApi({
    'GET /api/user': () => ({ status: 200, body: buildUser({ subscriptionStatus: plan }) }),
    'GET /api/subscription-status': () => ({ status: 200, body: buildSubscriptionStatus(plan) }),
    'GET /api/billing-history': () => ({ status: 200, body: { invoices: [] } }),
    ...routes,
  });
}

async function planCard(name: string) {
  return within(await screen.findByRole('region', { name }, FIRST_ANSWER));
}

describe('billing page', () => {
  it.each([
    ['free', { Free: 'Active Plan', Starter: 'Upgrade to Starter', Professional: 'Upgrade to Professional' }],
    ['starter', { Free: 'Downgrade to Free', Starter: 'Active Plan', Professional: 'Upgrade with Proration' }],
    ['professional', { Free: 'Downgrade to Free', Starter: 'Downgrade to Starter', Professional: 'Active Plan' }],
  ] as const)('on the %s plan, offers each card its own change', async (plan, buttons) => {
    billingApi(plan);
    renderApp('/billing');
    expect(await screen.findByRole('heading', { name: 'Billing & Subscription' })).toBeTruthy();

    for (const [cardName, label] of Object.entries(buttons)) {
      const card = await planCard(cardName);
      const button = card.getByRole<HTMLButtonElement>('button');
      expect(button.textContent).toBe(label);
      const current = label === 'Active Plan';
      expect(button.disabled).toBe(current);
      expect(card.queryByText('Current Plan') !== null).toBe(current);
    }
    expect((await planCard('Free')).getByText('forever')).toBeTruthy();
    expect((await planCard('Starter')).getByText('Most Popular')).toBeTruthy();
    expect((await planCard('Professional')).getByText('$49')).toBeTruthy();
    expect((await planCard('Professional')).getByText('500 images per form')).toBeTruthy();
  });

  it('sends an upgrade from free to checkout', async () => {
    billingApi('free');
    const user = userEvent.setup();
    const { router } = renderApp('/billing');
    await user.click((await planCard('Starter')).getByRole('button', { name: 'Upgrade to Starter' }));
    await waitFor(() => expect(router.state.location.href).toBe('/subscription-checkout?plan=starter'));
  });

  it('sends an upgrade from starter to checkout as a prorated upgrade', async () => {
    billingApi('starter');
    const user = userEvent.setup();
    const { router } = renderApp('/billing');
    await user.click((await planCard('Professional')).getByRole('button', { name: 'Upgrade with Proration' }));
    await waitFor(() =>
      expect(router.state.location.href).toBe('/subscription-checkout?plan=professional&upgrade=true'),
    );
  });

  it('says paid plans are unavailable on a server that takes no payments, and offers no upgrade', async () => {
    billingApi('starter', {
      'GET /api/subscription-status': () => ({
        status: 200,
        body: buildSubscriptionStatus('starter', { provider: 'none' }),
      }),
    });
    renderApp('/billing');
    expect(await screen.findByText(MESSAGES.paidPlansUnavailable, undefined, FIRST_ANSWER)).toBeTruthy();
    const upgrade = (await planCard('Professional')).getByRole<HTMLButtonElement>('button');
    expect([upgrade.textContent, upgrade.disabled]).toEqual(['Upgrade with Proration', true]);
    // Leaving a paid plan takes no payment, so it stays possible.
    expect((await planCard('Free')).getByRole<HTMLButtonElement>('button').disabled).toBe(false);
    expect(screen.queryByText(MESSAGES.testPaymentsOn, { exact: false })).toBeNull();
  });

  it('says test payments are on when the built-in test provider serves billing, and that only active forms take images', async () => {
    billingApi('free');
    renderApp('/billing');
    expect(await screen.findByText(MESSAGES.testPaymentsOn, { exact: false }, FIRST_ANSWER)).toBeTruthy();
    expect((await planCard('Starter')).getByRole<HTMLButtonElement>('button').disabled).toBe(false);
    expect(screen.getByText(ACTIVE_FORMS_NOTE)).toBeTruthy();
  });

  it('shows the account activity with the status words and colours', async () => {
    billingApi('starter', {
      'GET /api/billing-history': () => ({
        status: 200,
        body: {
          invoices: [
            buildInvoice({ id: 'a', type: 'payment', status: 'succeeded', amount: 1900, description: 'Starter plan' }),
            buildInvoice({ id: 'b', type: 'credit', status: 'issued', amount: 1250, description: 'Prorated credit' }),
            buildInvoice({ id: 'c', type: 'activity', status: 'completed', amount: 0, description: 'Plan changed' }),
            buildInvoice({ id: 'd', type: 'failure', status: 'failed', amount: 4900, description: 'Declined' }),
            buildInvoice({
              id: 'e',
              type: 'invoice',
              status: 'open',
              amount: 3000,
              invoiceUrl: 'https://pay.example/i',
            }),
          ],
        },
      }),
    });
    renderApp('/billing');
    const activity = within(await screen.findByRole('region', { name: 'Account Activity' }));
    const table = within(await activity.findByRole('table'));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Date',
      'Type',
      'Description',
      'Amount',
      'Status',
      'Actions',
    ]);
    const rows = table.getAllByRole('row').slice(1);
    const statusOf = (row: number) => within(rows[row] as HTMLElement).getAllByRole('cell')[4]?.firstElementChild;
    expect(
      [0, 1, 2, 3, 4].map((row) => [statusOf(row)?.textContent, statusOf(row)?.getAttribute('data-tone')]),
    ).toEqual([
      ['Paid', 'paid'],
      ['Credited', 'credited'],
      ['Done', 'neutral'],
      ['Failed', 'failed'],
      ['Open', 'pending'],
    ]);
    expect(within(rows[0] as HTMLElement).getByText('$19.00')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('-$12.50')).toBeTruthy();
    expect(
      within(rows[4] as HTMLElement)
        .getByRole('link', { name: 'View' })
        .getAttribute('href'),
    ).toBe('https://pay.example/i');
  });

  it("says 'No billing history' when there is none", async () => {
    billingApi('free');
    renderApp('/billing');
    const activity = within(await screen.findByRole('region', { name: 'Account Activity' }));
    expect(await activity.findByText('No billing history')).toBeTruthy();
  });

  it('asks which forms to deactivate before a downgrade, counts the choice, then deactivates and downgrades', async () => {
    const longDescription = 'Baptisms, marriages and burials of the parish. '.repeat(4);
    const forms = [
      buildFormToDeactivate({ id: 11, name: 'Baptisms', description: longDescription, organizationName: 'St Mary' }),
      buildFormToDeactivate({ id: 12, name: 'Marriages' }),
      buildFormToDeactivate({ id: 13, name: 'Burials' }),
    ];
    const { requests } = billingApi('professional', {
      'POST /api/downgrade-subscription': (request) =>
        (request.body as { validateOnly?: boolean }).validateOnly
          ? {
              status: 200,
              body: {
                needsFormSelection: true,
                formsToDeactivate: forms,
                formsRequired: 2,
                errors: [],
                message: 'The Free plan allows 1 active form: choose at least 2 forms to deactivate.',
              },
            }
          : { status: 200, body: { message: 'Downgrade Successful', plan: 'free', creditAmount: 2450 } },
      'POST /api/forms/deactivate-multiple': () => ({ status: 200, body: { deactivated: 2 } }),
    });
    const user = userEvent.setup();
    renderApp('/billing');
    await user.click((await planCard('Free')).getByRole('button', { name: 'Downgrade to Free' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Select Forms to Deactivate' }));
    expect(dialog.getByText(`${longDescription.slice(0, 100)}...`)).toBeTruthy();
    expect(dialog.getByText(/St Mary/)).toBeTruthy();
    expect(dialog.getByText(/not deleted/)).toBeTruthy();
    expect(dialog.getByText('Please select at least 2 forms to deactivate.')).toBeTruthy();
    const confirm = () => dialog.getByRole<HTMLButtonElement>('button', { name: /^Deactivate \d+ Forms & Downgrade$/ });
    expect(confirm().textContent).toBe('Deactivate 0 Forms & Downgrade');
    expect(confirm().disabled).toBe(true);

    await user.click(dialog.getByRole('checkbox', { name: 'Select all (3)' }));
    expect(confirm().textContent).toBe('Deactivate 3 Forms & Downgrade');
    await user.click(dialog.getByRole('checkbox', { name: 'Burials' }));
    expect(confirm().textContent).toBe('Deactivate 2 Forms & Downgrade');
    expect(dialog.getByText('2 of 3 selected')).toBeTruthy();
    expect(confirm().disabled).toBe(false);
    await user.click(dialog.getByRole('checkbox', { name: 'Marriages' }));
    expect(confirm().disabled).toBe(true);
    await user.click(dialog.getByRole('checkbox', { name: 'Marriages' }));
    await user.click(confirm());

    await waitFor(() =>
      expect(useToastStore.getState().toasts).toEqual([
        expect.objectContaining({
          title: 'Downgrade Successful',
          description: 'You are now on the Free plan. $24.50 has been credited to your account.',
        }),
      ]),
    );
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => [request.path, request.body])).toEqual([
      ['/api/downgrade-subscription', { planId: 'free', validateOnly: true }],
      ['/api/forms/deactivate-multiple', { formIds: [11, 12] }],
      ['/api/downgrade-subscription', { planId: 'free' }],
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("refuses with 'Cannot Downgrade' and the server's reasons when the validation lists errors", async () => {
    billingApi('starter', {
      'POST /api/downgrade-subscription': () => ({
        status: 200,
        body: {
          needsFormSelection: false,
          formsToDeactivate: [],
          formsRequired: 0,
          errors: ['Your subscription is past due', 'Settle the open invoice first'],
          message: 'Cannot downgrade',
        },
      }),
    });
    const user = userEvent.setup();
    renderApp('/billing');
    await user.click((await planCard('Free')).getByRole('button', { name: 'Downgrade to Free' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts).toEqual([
        expect.objectContaining({
          title: 'Cannot Downgrade',
          description: 'Your subscription is past due, Settle the open invoice first',
        }),
      ]),
    );
  });
});
