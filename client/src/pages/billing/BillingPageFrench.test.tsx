// @vitest-environment jsdom
/**
 * The billing page in French (issue 29): money, dates and words follow the reader's language.
 * The expected figures come from the translator itself (Intl decides the exact spaces and the
 * currency sign), and must differ from the English ones so the test cannot pass by accident.
 * Intl separates with no-break spaces, which the text matcher reads as plain spaces: `asShown`.
 */
import '../../test/domTestSetup.ts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentTranslator, switchLocale } from '../../i18n/localeStore.ts';
import { buildInvoice, buildSubscriptionStatus } from '../../test/billingFixtures.ts';
import { buildUser, stubApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { FIRST_ANSWER } from '../../test/renderWithQueries.tsx';

const asShown = (text: string) => text.replace(/\s+/g, ' ');

describe('the billing page in French', () => {
  it('shows prices, amounts, dates and statuses as French writes them', async () => {
    await switchLocale('fr', 'chosen');
    const french = currentTranslator();
    const payment = buildInvoice({ id: 'a', amount: 1900, status: 'succeeded' });
    stubApi({
      'GET /api/user': () => ({ status: 200, body: buildUser({ subscriptionStatus: 'starter' }) }),
      'GET /api/subscription-status': () => ({ status: 200, body: buildSubscriptionStatus('starter') }),
      'GET /api/billing-history': () => ({
        status: 200,
        body: {
          invoices: [payment, buildInvoice({ id: 'b', type: 'credit', status: 'issued', amount: 1250 })],
        },
      }),
    });
    renderApp('/billing');

    expect(await screen.findByRole('heading', { name: 'Facturation et abonnement' }, FIRST_ANSWER)).toBeTruthy();
    const professional = within(await screen.findByRole('region', { name: 'Professional' }, FIRST_ANSWER));
    const price = french.number(49, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    expect(price).not.toBe('$49');
    expect(professional.getByText(asShown(price))).toBeTruthy();
    expect(professional.getByText('par mois')).toBeTruthy();
    expect(professional.getByRole('button', { name: 'Passer à la formule supérieure au prorata' })).toBeTruthy();

    const activity = within(await screen.findByRole('region', { name: 'Activité du compte' }));
    const table = within(await activity.findByRole('table'));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Date',
      'Type',
      'Description',
      'Montant',
      'Statut',
      'Actions',
    ]);
    const [paid, credit] = table.getAllByRole('row').slice(1) as HTMLElement[];
    const amount = french.number(19, { style: 'currency', currency: 'USD' });
    expect(amount).toMatch(/19,00/);
    expect(within(paid as HTMLElement).getByText(asShown(amount))).toBeTruthy();
    expect(
      within(paid as HTMLElement).getByText(asShown(french.date(payment.date, { dateStyle: 'medium' }))),
    ).toBeTruthy();
    expect(within(paid as HTMLElement).getByText('Payé')).toBeTruthy();
    expect(
      within(credit as HTMLElement).getByText(asShown(french.number(-12.5, { style: 'currency', currency: 'USD' }))),
    ).toBeTruthy();
    expect(within(credit as HTMLElement).getByText('Avoir')).toBeTruthy();
  });
});
