/**
 * Top Contributors' display rules (spec section 9, Leaderboard): ranks 1 to 3 get medals, and
 * rank 1 gets the 'Leader' badge only when there is someone to lead (more than one entry).
 */

export type Medal = 'gold' | 'silver' | 'bronze';

const MEDALS: readonly Medal[] = ['gold', 'silver', 'bronze'];

/** The medal for a 1-based rank, or null from rank 4 on. */
export function medalForRank(rank: number): Medal | null {
  return MEDALS[rank - 1] ?? null;
}

export function showsLeaderBadge(rank: number, entryCount: number): boolean {
  return rank === 1 && entryCount > 1;
}
