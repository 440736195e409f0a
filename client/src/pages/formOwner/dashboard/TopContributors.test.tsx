// @vitest-environment jsdom
import '../../../test/domTestSetup.ts';
import { displayName } from '@formscribe/common/displayName';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fakeApi.ts';
import { FIRST_ANSWER, renderWithQueries } from '../../../test/renderWithQueries.tsx';
import { medalForRank, showsLeaderBadge } from './leaderboardRules.ts';
import { TopContributors } from './TopContributors.tsx';

function entry(id: number, username: string, submissionCount: number, name: string | null = null) {
  return { user: { id, name, username }, submissionCount };
}

function stubLeaderboard(leaderboard: ReturnType<typeof entry>[]) {
  return stubApi({ 'GET /api/forms/3/leaderboard': () => ({ status: 200, body: { leaderboard } }) });
}

async function contributorItems() {
  const list = await screen.findByRole('list', { name: 'Top Contributors' }, FIRST_ANSWER);
  return within(list).getAllByRole('listitem');
}

describe('Top Contributors', () => {
  it('asks for the top five, gives medals to ranks 1 to 3 and the Leader badge to rank 1 only', async () => {
    const api = stubLeaderboard([
      entry(1, 'ada@example.org', 12, 'Ada Lovelace'),
      entry(2, 'grace@example.org', 9),
      entry(3, 'alan@example.org', 4, '   '),
      entry(4, 'edsger@example.org', 1),
    ]);
    renderWithQueries(<TopContributors formId={3} />);

    const items = await contributorItems();
    expect(api.requests[0]?.search).toBe('?limit=5');
    expect(items).toHaveLength(4);
    const [first, second, third, fourth] = items as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];

    expect(within(first).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(first).getByText('Leader')).toBeTruthy();
    expect(within(first).getByRole('img', { name: 'Gold medal' })).toBeTruthy();
    expect(within(first).getByText('12 submissions')).toBeTruthy();

    // No name (or only spaces): the part of the e-mail before the @.
    expect(within(second).getByText('grace')).toBeTruthy();
    expect(within(second).getByRole('img', { name: 'Silver medal' })).toBeTruthy();
    expect(within(third).getByText('alan')).toBeTruthy();
    expect(within(third).getByRole('img', { name: 'Bronze medal' })).toBeTruthy();

    expect(within(fourth).queryByRole('img')).toBeNull();
    expect(within(fourth).getByText('1 submission')).toBeTruthy();
    expect(screen.getAllByText('Leader')).toHaveLength(1);
  });

  it('shows no Leader badge when there is only one contributor, but still the gold medal', async () => {
    stubLeaderboard([entry(1, 'ada@example.org', 3)]);
    renderWithQueries(<TopContributors formId={3} />);

    const [only] = (await contributorItems()) as [HTMLElement];
    expect(within(only).getByText('ada')).toBeTruthy();
    expect(within(only).getByRole('img', { name: 'Gold medal' })).toBeTruthy();
    expect(screen.queryByText('Leader')).toBeNull();
  });

  it('says so when nobody has contributed yet', async () => {
    stubLeaderboard([]);
    renderWithQueries(<TopContributors formId={3} />);
    expect(await screen.findByText(/No submissions yet/, {}, FIRST_ANSWER)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Top Contributors' })).toBeNull();
  });

  it('keeps the rules in one place', () => {
    expect([1, 2, 3, 4].map(medalForRank)).toEqual(['gold', 'silver', 'bronze', null]);
    expect(showsLeaderBadge(1, 1)).toBe(false);
    expect(showsLeaderBadge(1, 2)).toBe(true);
    expect(showsLeaderBadge(2, 5)).toBe(false);
    expect(displayName({ name: null, username: 'noatsign' })).toBe('noatsign');
    expect(displayName({ name: ' Grace Hopper ', username: 'grace@example.org' })).toBe('Grace Hopper');
    expect(displayName({ name: '', username: '@example.org' })).toBe('@example.org');
  });
});
