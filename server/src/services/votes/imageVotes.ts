/**
 * "No data" and "unreadable" votes: one per user per image (a unique constraint). The vote row is
 * written through the image state writer, which recounts the votes and decides completion in the
 * same transaction, and announces what changed.
 */
import { ALREADY_VOTED } from '@formscribe/common/schemas/submission';
import type { AppDeps } from '../../appTypes.ts';
import { conflict, isUniqueViolation } from '../../errors.ts';
import { type Form, ImageNoDataVote, ImageUnreadableVote, type User } from '../../models/index.ts';
import { auditVote } from '../audit/auditedChanges.ts';
import { releaseLease } from '../entry/imageLeases.ts';
import { inTransaction } from '../events/domainEventRecorder.ts';
import type { VoteKind } from '../imageState/imageStateChange.ts';
import { writeImageState } from '../imageState/imageStateWriter.ts';

export type { VoteKind };

const VOTES = {
  'no-data': { model: ImageNoDataVote, countColumn: 'noDataVoteCount' },
  unreadable: { model: ImageUnreadableVote, countColumn: 'unreadableVoteCount' },
} as const;

export async function castVote(deps: AppDeps, form: Form, user: User, imageId: number, kind: VoteKind) {
  const { model, countColumn } = VOTES[kind];
  try {
    const { after } = await inTransaction(deps, async (events) => {
      const change = await writeImageState(events, form, imageId, async (image) => {
        await model.query(events.trx).insert({ imageId: image.id, userId: user.id });
        await releaseLease(events.trx, image.id, user.id);
        return { kind: 'vote', vote: kind };
      });
      await auditVote(events, user, change, kind);
      return change;
    });
    return { image: after, voteCount: after[countColumn], imageCompleted: after.isComplete };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ALREADY_VOTED);
    throw error;
  }
}

export async function voteStatus(user: User, imageId: number, kind: VoteKind) {
  const { model } = VOTES[kind];
  const voteCount = await model.query().where({ imageId }).resultSize();
  const mine = await model.query().findOne({ imageId, userId: user.id });
  return { hasVoted: Boolean(mine), voteCount };
}
