/** The two votes a contributor may cast instead of entering data: the image holds none, or cannot be read. */
export const VOTE_KINDS = ['no-data', 'unreadable'] as const;
export type VoteKind = (typeof VOTE_KINDS)[number];
