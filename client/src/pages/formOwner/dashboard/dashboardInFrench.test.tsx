// @vitest-environment jsdom
/**
 * The Dashboard tab's figures in French (issue 29): its words from the French catalogue and its
 * numbers grouped as French writes them ('12 345', not '12,345').
 */
import '../../../test/domTestSetup.ts';
import type { FormDashboardResponse } from '@formscribe/common/schemas/formDashboard';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { switchLocale } from '../../../i18n/localeStore.ts';
import { stubApi } from '../../../test/fakeApi.ts';
import { FIRST_ANSWER, renderWithQueries } from '../../../test/renderWithQueries.tsx';
import { StatCards } from './StatCards.tsx';
import { TopContributors } from './TopContributors.tsx';

const FORM_ID = 3;

const DASHBOARD: FormDashboardResponse = {
  verificationStats: {
    totalImages: 12_345,
    completedImages: 3_000,
    remainingImages: 9_345,
    completionPercentage: 24,
    totalFieldVerificationsNeeded: 49_380,
    completedFieldVerifications: 12_000,
    remainingFieldVerifications: 37_380,
  },
  userCount: { userCount: 7 },
  leaderboard: {
    leaderboard: [
      { user: { id: 1, name: 'Ada', username: 'ada@example.org' }, submissionCount: 4 },
      { user: { id: 2, name: 'Bob', username: 'bob@example.org' }, submissionCount: 2 },
    ],
  },
};

/** French groups thousands with a narrow no-break space. */
const french = (n: number) => new Intl.NumberFormat('fr').format(n);

describe('the Dashboard tab in French', () => {
  it('names its figures in French and writes them with French grouping', async () => {
    stubApi({
      [`GET /api/forms/${FORM_ID}/dashboard`]: () => ({ status: 200, body: DASHBOARD }),
      [`GET /api/forms/${FORM_ID}/leaderboard`]: () => ({ status: 200, body: DASHBOARD.leaderboard }),
    });
    await switchLocale('fr', 'chosen');
    renderWithQueries(
      <>
        <StatCards formId={FORM_ID} />
        <TopContributors formId={FORM_ID} />
      </>,
    );

    const figures = await screen.findByRole('list', { name: 'Statistiques du formulaire' }, FIRST_ANSWER);
    const total = within(figures).getByText('Images au total');
    await waitFor(() => expect(total.nextSibling?.textContent).toBe(french(12_345)), FIRST_ANSWER);
    expect(french(12_345)).toBe('12\u202f345');
    expect(within(figures).getByText('Champs à vérifier').nextSibling?.textContent).toBe(french(37_380));
    expect(within(figures).getByRole('progressbar', { name: 'Images terminées' })).toBeTruthy();

    const leaders = await screen.findByRole('list', { name: 'Meilleurs contributeurs' }, FIRST_ANSWER);
    expect(within(leaders).getByText('En tête')).toBeTruthy();
    expect(within(leaders).getByRole('img', { name: 'Médaille d’or' })).toBeTruthy();
  });
});
