/**
 * "No data" and "unreadable" votes: one per user per image (a unique constraint). The image's
 * vote count and completion are updated in the same transaction as the vote.
 */
import { isImageComplete } from '@formscribe/common/imageCompletion';
import { ALREADY_VOTED } from '@formscribe/common/schemas/submission';
import type { AppDeps } from '../../appTypes.ts';
import { conflict, isUniqueViolation, notFound } from '../../errors.ts';
import { type Form, type FormImage, ImageNoDataVote, ImageUnreadableVote, type User } from '../../models/index.ts';
import { IMAGE_NOT_FOUND } from '../../policies/images.ts';
import { completionTime, lockImage } from '../consensus/imageConsensusStore.ts';
import { imageVotedCompleteEvent } from '../webhooks/webhookEvents.ts';
import { enqueueWebhookEvents } from '../webhooks/webhookOutbox.ts';

export type VoteKind = 'no-data' | 'unreadable';

const VOTES = {
  'no-data': { model: ImageNoDataVote, countColumn: 'noDataVoteCount' },
  unreadable: { model: ImageUnreadableVote, countColumn: 'unreadableVoteCount' },
} as const;

export async function castVote(deps: AppDeps, form: Form, user: User, imageId: number, kind: VoteKind) {
  const { model, countColumn } = VOTES[kind];
  try {
    const result = await deps.knex.transaction(async (trx) => {
      const image = await lockImage(trx, imageId);
      if (!image || image.formId !== form.id) throw notFound(IMAGE_NOT_FOUND);
      await model.query(trx).insert({ imageId: image.id, userId: user.id });
      const voteCount = await model.query(trx).where({ imageId: image.id }).resultSize();
      const counts = { ...image, [countColumn]: voteCount };
      const isComplete = isImageComplete(counts, form.requiredEntriesPerImage);
      const completedByThisVote = isComplete && !image.isComplete;
      const updated: FormImage = await image.$query(trx).patchAndFetch({
        [countColumn]: voteCount,
        isComplete,
        completedAt: completionTime(image, isComplete),
      });
      if (completedByThisVote) {
        await enqueueWebhookEvents(deps, trx, form, [imageVotedCompleteEvent(form, updated, kind, voteCount)]);
      }
      return { image: updated, voteCount, imageCompleted: isComplete };
    });
    void deps.live.votesChanged(form, result.image, kind, result.voteCount);
    return result;
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
