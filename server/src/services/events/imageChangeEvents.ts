/**
 * The one place that decides what a change of an image's state announces, from the state before
 * and after (a pure function). Webhook events mark transitions (the image *became* verified or
 * complete), so repeating a state never sends the same news twice. In a form-wide recompute the
 * per-image live events are left out: the form's figures are announced once for the whole form.
 */
import { isImageVerified } from '@formscribe/common/imageCompletion';
import type { WebhookEvent } from '@formscribe/common/schemas/webhook';
import type { FormImage } from '../../models/index.ts';
import type { ImageStateChange, VoteKind } from '../imageState/imageStateChange.ts';
import {
  imageCompletedEvent,
  imageVerifiedEvent,
  imageVotedCompleteEvent,
  submissionCreatedEvent,
} from '../webhooks/webhookEvents.ts';
import type { LiveEvent } from './domainEvents.ts';

export interface ImageChangeAnnouncements {
  webhooks: WebhookEvent[];
  live: LiveEvent[];
}

const VOTE_COUNT = { 'no-data': 'noDataVoteCount', unreadable: 'unreadableVoteCount' } as const;

export function announceImageChange(change: ImageStateChange): ImageChangeAnnouncements {
  const { form, cause, before, after } = change;
  const webhooks: WebhookEvent[] = [];
  if (cause.kind === 'entry-added') webhooks.push(submissionCreatedEvent(form, cause.submission, after));
  if (!isImageVerified(before) && isImageVerified(after)) webhooks.push(imageVerifiedEvent(form, after));
  if (!before.isComplete && after.isComplete) webhooks.push(completionEvent({ form, cause, before, after }));

  if (cause.kind === 'form-rules') return { webhooks, live: [{ type: 'form-figures', form, wholeForm: true }] };
  const live: LiveEvent[] = [];
  if (cause.kind === 'vote') {
    const voteCount = after[VOTE_COUNT[cause.vote]];
    live.push({ type: 'image-votes', form, image: after, kind: cause.vote, voteCount });
  }
  live.push({ type: 'image-progress', form, image: after });
  if (cause.kind === 'entry-added') live.push({ type: 'submission-created', form, submission: cause.submission });
  if (cause.kind === 'entry-added' || cause.kind === 'entry-removed')
    live.push({ type: 'contributors-changed', form, imageId: after.id, contributors: change.contributors });
  live.push({ type: 'form-figures', form });
  return { webhooks, live };
}

/** How the image became complete: a manager's mark, every field verified, or votes reaching the threshold. */
function completionEvent({ form, cause, before, after }: ImageStateChange): WebhookEvent {
  if (after.manuallyCompleted && !before.manuallyCompleted) return imageCompletedEvent(form, after, 'manual');
  if (isImageVerified(after)) return imageCompletedEvent(form, after, 'verified');
  const kind = cause.kind === 'vote' ? cause.vote : votedKind(after, form.requiredEntriesPerImage);
  return imageVotedCompleteEvent(form, after, kind, after[VOTE_COUNT[kind]]);
}

function votedKind(image: FormImage, requiredEntriesPerImage: number): VoteKind {
  return image.noDataVoteCount >= Math.max(1, requiredEntriesPerImage) ? 'no-data' : 'unreadable';
}
