/**
 * When an image counts as complete (docs/architecture.md, 'Verification: one writer'), and how
 * far along it is. The server stores the result on the image row; the client uses the same rules
 * for live updates.
 */

/** The stored per-image figures completion depends on. */
export interface ImageCompletionState {
  manuallyCompleted: boolean;
  verifiedFieldCount: number;
  totalFieldCount: number;
  noDataVoteCount: number;
  unreadableVoteCount: number;
}

/**
 * Complete = marked complete by a manager, or every data field verified (a form without data
 * fields never completes that way), or no-data or unreadable votes reached the form's
 * verification threshold (requiredEntriesPerImage).
 */
export function isImageComplete(state: ImageCompletionState, requiredEntriesPerImage: number): boolean {
  if (state.manuallyCompleted) return true;
  if (state.totalFieldCount > 0 && state.verifiedFieldCount >= state.totalFieldCount) return true;
  const threshold = Math.max(1, requiredEntriesPerImage);
  return state.noDataVoteCount >= threshold || state.unreadableVoteCount >= threshold;
}

/** Every data field verified (the "fully verified" half of the Complete badge). */
export function isImageVerified(state: Pick<ImageCompletionState, 'verifiedFieldCount' | 'totalFieldCount'>): boolean {
  return state.totalFieldCount > 0 && state.verifiedFieldCount === state.totalFieldCount;
}

/** Verified fields as a whole percent; a complete image shows 100 whatever its fields say. */
export function imageProgressPercent(
  state: Pick<ImageCompletionState, 'verifiedFieldCount' | 'totalFieldCount'>,
  isComplete: boolean,
): number {
  if (isComplete) return 100;
  if (state.totalFieldCount <= 0) return 0;
  return Math.min(100, Math.round((state.verifiedFieldCount / state.totalFieldCount) * 100));
}

/** Why an image is complete without anyone marking it: verified fields, or enough of one kind of vote. */
export type AutomaticCompletion = 'verified' | 'noDataVotes' | 'unreadableVotes';

/**
 * What would keep the image complete if nobody had marked it, or null. An image complete this way
 * cannot be unmarked: the manual mark is not what holds it.
 */
export function automaticCompletion(
  state: ImageCompletionState,
  requiredEntriesPerImage: number,
): AutomaticCompletion | null {
  if (isImageVerified(state)) return 'verified';
  const threshold = Math.max(1, requiredEntriesPerImage);
  if (state.noDataVoteCount >= threshold) return 'noDataVotes';
  if (state.unreadableVoteCount >= threshold) return 'unreadableVotes';
  return null;
}

/** Why the image is complete, in words for the owner's screens and the refused unmark. */
export const AUTOMATIC_COMPLETION_REASONS: Record<AutomaticCompletion, string> = {
  verified: 'every field is verified by matching entries',
  noDataVotes: 'enough contributors voted that it holds no data',
  unreadableVotes: 'enough contributors voted that it is unreadable',
};

export function cannotUnmarkMessage(reason: AutomaticCompletion): string {
  return `This image was completed automatically (${AUTOMATIC_COMPLETION_REASONS[reason]}), so it cannot be unmarked.`;
}
