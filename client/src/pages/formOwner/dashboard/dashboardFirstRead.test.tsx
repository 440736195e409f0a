// @vitest-environment jsdom
import '../../../test/domTestSetup.ts';
import type { FormDashboardResponse } from '@formscribe/common/schemas/formDashboard';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { noteFormNews } from '../../../api/formNews.ts';
import { verificationStatsQueryKey } from '../../../api/formStats.ts';
import { type FakeResponse, stubApi } from '../../../test/fakeApi.ts';
import { FIRST_ANSWER, renderWithQueries } from '../../../test/renderWithQueries.tsx';
import { StatCards } from './StatCards.tsx';
import { TopContributors } from './TopContributors.tsx';

const FORM_ID = 3;

const DASHBOARD: FormDashboardResponse = {
  verificationStats: {
    totalImages: 12,
    completedImages: 3,
    remainingImages: 9,
    completionPercentage: 25,
    totalFieldVerificationsNeeded: 48,
    completedFieldVerifications: 14,
    remainingFieldVerifications: 34,
  },
  userCount: { userCount: 7 },
  leaderboard: { leaderboard: [{ user: { id: 1, name: 'Ada', username: 'ada@example.org' }, submissionCount: 4 }] },
};

/** The dashboard answers when `release` is called, as a busy server does; the single reads answer at once. */
function stubDashboard(single: Partial<Record<'verification-stats' | 'user-count' | 'leaderboard', unknown>> = {}) {
  let release: () => void = () => {};
  const answered = new Promise<void>((resolve) => {
    release = resolve;
  });
  const one =
    (body: unknown): (() => FakeResponse) =>
    () => ({ status: 200, body });
  const api = stubApi({
    [`GET /api/forms/${FORM_ID}/dashboard`]: async () => {
      await answered;
      return { status: 200, body: DASHBOARD };
    },
    [`GET /api/forms/${FORM_ID}/verification-stats`]: one(single['verification-stats'] ?? DASHBOARD.verificationStats),
    [`GET /api/forms/${FORM_ID}/user-count`]: one(single['user-count'] ?? DASHBOARD.userCount),
    [`GET /api/forms/${FORM_ID}/leaderboard`]: one(single.leaderboard ?? DASHBOARD.leaderboard),
  });
  const paths = () => api.requests.map((request) => request.path.replace(`/api/forms/${FORM_ID}/`, ''));
  return { release, paths };
}

/** The tab's figures at once; the top contributors' card later, as when it is scrolled into view. */
function DashboardFirstScreen() {
  const [cardShown, setCardShown] = useState(false);
  return (
    <>
      <StatCards formId={FORM_ID} />
      <button type="button" onClick={() => setCardShown(true)}>
        Show card
      </button>
      {cardShown && <TopContributors formId={FORM_ID} />}
    </>
  );
}

const figure = (title: string) => within(screen.getByRole('list', { name: 'Form statistics' })).getByText(title);

describe("the Dashboard tab's first read", () => {
  it('fills the figures, the user count and the top contributors from one request', async () => {
    const server = stubDashboard();
    renderWithQueries(<DashboardFirstScreen />);
    await waitFor(() => expect(server.paths()).toEqual(['dashboard']));
    server.release();

    await waitFor(() => expect(figure('Total Images').nextSibling?.textContent).toBe('12'));
    expect(figure('Form Users').nextSibling?.textContent).toBe('7');
    act(() => screen.getByRole('button', { name: 'Show card' }).click());
    const list = await screen.findByRole('list', { name: 'Top Contributors' }, FIRST_ANSWER);
    expect(within(list).getByText('Ada')).toBeTruthy();
    expect(server.paths()).toEqual(['dashboard']);
  });

  it('reads a figure again through its own route when it is invalidated', async () => {
    const server = stubDashboard({ 'verification-stats': { ...DASHBOARD.verificationStats, totalImages: 13 } });
    const { queryClient } = renderWithQueries(<DashboardFirstScreen />);
    server.release();
    await waitFor(() => expect(figure('Total Images').nextSibling?.textContent).toBe('12'));

    await act(() => queryClient.invalidateQueries({ queryKey: verificationStatsQueryKey(FORM_ID) }));

    await waitFor(() => expect(figure('Total Images').nextSibling?.textContent).toBe('13'));
    expect(server.paths()).toEqual(['dashboard', 'verification-stats']);
  });

  it('gives an answer older than live news only to the figures that were waiting for it', async () => {
    const newer = { leaderboard: [{ user: { id: 2, name: 'Bob', username: 'bob@example.org' }, submissionCount: 5 }] };
    const server = stubDashboard({ leaderboard: newer });
    renderWithQueries(<DashboardFirstScreen />);
    await waitFor(() => expect(server.paths()).toEqual(['dashboard']));

    // An entry is announced while the dashboard read is under way; the card mounts after it.
    noteFormNews(FORM_ID);
    act(() => screen.getByRole('button', { name: 'Show card' }).click());
    server.release();

    const list = await screen.findByRole('list', { name: 'Top Contributors' }, FIRST_ANSWER);
    await waitFor(() => expect(within(list).getByText('Bob')).toBeTruthy());
    expect(server.paths()).toEqual(['dashboard', 'leaderboard']);
  });
});
