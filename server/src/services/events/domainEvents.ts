/**
 * Every change the server announces, as one typed union. Services record these on their
 * transaction (domainEventRecorder.ts) or, for work without one, hand them to the dispatcher
 * (eventDispatcher.ts); consumers (live rooms, the job queue) pick the events they act on. An
 * event carries what its consumers need, so announcing it reads nothing the change had not read.
 */
import type { ImportResponse } from '@formscribe/common/schemas/imports';
import type { Form, FormImage, FormSubmission, User } from '../../models/index.ts';
import type { ImageStateChange, VoteKind } from '../imageState/imageStateChange.ts';
import type { MailJob } from '../mail/mailJob.ts';
import type { ImageContributor } from '../submissions/imageContributors.ts';

/** What sockets hear of a change; the live announcer shapes them into `common/src/realtime.ts`'s payloads. */
export type LiveEvent =
  /** The image's progress: its watchers and the form's owners get the image. */
  | { type: 'image-progress'; form: Form; image: FormImage }
  | { type: 'image-votes'; form: Form; image: FormImage; kind: VoteKind; voteCount: number }
  | { type: 'submission-created'; form: Form; submission: FormSubmission }
  /** `contributors` as the change's transaction read them; read after the commit when absent. */
  | { type: 'contributors-changed'; form: Form; imageId: number; contributors?: ImageContributor[] }
  /**
   * The form's figures (stats for owners, progress for everyone watching it). `wholeForm`: many
   * images changed at once (a form-wide recompute), so pages that list images read them again.
   */
  | { type: 'form-figures'; form: Form; wholeForm?: boolean }
  | { type: 'image-added'; form: Form; image: FormImage }
  | { type: 'image-removed'; form: Form; imageId: number }
  /** Settings changed; a deactivated form's contributors leave its rooms. */
  | { type: 'form-settings-changed'; form: Form }
  | { type: 'form-removed'; formId: number }
  /** An import's figures, to the form's owners (services/imports/). */
  | { type: 'import-changed'; figures: ImportResponse }
  /** The account changed (name, e-mail, verification, plan): every open tab of the user. */
  | { type: 'user-updated'; user: User }
  /** The user was blocked from the form: their sockets leave its rooms. */
  | { type: 'user-left-form'; userId: number; formId: number }
  | { type: 'session-ended'; sessionId: number }
  | { type: 'all-sessions-ended'; userId: number };

const LIVE_EVENT_TYPES: ReadonlySet<string> = new Set<LiveEvent['type']>([
  'image-progress',
  'image-votes',
  'submission-created',
  'contributors-changed',
  'form-figures',
  'image-added',
  'image-removed',
  'form-settings-changed',
  'form-removed',
  'import-changed',
  'user-updated',
  'user-left-form',
  'session-ended',
  'all-sessions-ended',
]);

/** A job a change starts, by queue; recorded in a transaction it commits with the change. */
export type QueuedJob =
  /** The form's fields, threshold or counted entries changed: every image is recomputed (services/consensus/). */
  | { queue: 'recompute-form'; data: { formId: number } }
  /** An import was created (services/imports/). */
  | { queue: 'import-container'; data: { importId: number } };

/** Work for a queue: a message to mail, or a job to run. */
export type QueueEvent = { type: 'mail'; mail: MailJob } | { type: 'job'; job: QueuedJob };

/**
 * An image's state changed (services/imageState/): its webhooks go to the outbox in the same
 * transaction and its live events follow the commit (announcements/imageChangeAnnouncements.ts).
 * Only a transaction can record it.
 */
export type ImageStateChangedEvent = { type: 'image-state-changed'; change: ImageStateChange };

/** What a service may hand to the dispatcher directly, without a transaction. */
export type DispatchedEvent = LiveEvent | QueueEvent;

/** Everything a transaction may record. */
export type DomainEvent = DispatchedEvent | ImageStateChangedEvent;

export function isLiveEvent(event: DomainEvent): event is LiveEvent {
  return LIVE_EVENT_TYPES.has(event.type);
}
