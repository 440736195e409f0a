import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_ANSWER, renderWithQueries } from '../../../test/renderWithQueries.tsx';
import { DeferredCard } from './DeferredCard.tsx';

describe('a Dashboard card below the figures', () => {
  it('shows its title and a spinner while the page’s first reads are under way, and mounts once they have landed', async () => {
    let answer: (value: string) => void = () => {};
    const { queryClient } = renderWithQueries(
      <DeferredCard section="recentUsers">
        <p>the card itself</p>
      </DeferredCard>,
    );
    // The page's own read (the figures, say) is still on its way: the card waits for it.
    const figures = queryClient.fetchQuery({
      queryKey: ['figures'],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    });
    expect(screen.getByRole('heading', { name: 'Recent Users' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading recent users' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByText('the card itself')).toBeNull();

    answer('42');
    await figures;
    expect(await screen.findByText('the card itself', undefined, FIRST_ANSWER)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Recent Users' })).toBeNull();
  });
});
