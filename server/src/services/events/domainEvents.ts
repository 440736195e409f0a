/**
 * Every change the server announces, as one typed union. Services record these on their
 * transaction (domainEventRecorder.ts) or, for work without one, hand them to the dispatcher
 * (eventDispatcher.ts); consumers (live rooms, the job queue) pick the events they act on. An
 * event carries what its consumers need, so announcing it reads nothing the change had not read.
 */
import type { AuditKind } from '@formscribe/common/schemas/audit';
import type { ImportResponse } from '@formscribe/common/schemas/imports';
import type { WebhookEvent } from '@formscribe/common/schemas/webhook';
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

/**
 * A job to run, by queue, with that queue's data: recorded in a transaction it commits with the
 * change; dispatched, it is queued at once.
 */
export type QueuedJob =
  /** The form's fields, threshold or counted entries changed: every image is recomputed (services/consensus/). */
  | { queue: 'recompute-form'; data: { formId: number } }
  /** An import was created, or its worker hands on to its next slice (services/imports/). */
  | { queue: 'import-container'; data: { importId: number } }
  /** An image's offset against the form's sample image is to be estimated (services/regions/). */
  | { queue: 'estimate-region-shift'; data: { imageId: number } }
  /** A logged webhook delivery is to be sent (services/webhooks/). */
  | { queue: 'deliver-webhook'; data: { deliveryId: number } }
  /** One recipient's message of a sent campaign (services/campaigns/). */
  | { queue: 'send-campaign-mail'; data: { campaignId: number; userId: number } }
  /** Repairs: a form's counters, or its Insights figures, recounted from its images. */
  | { queue: 'recount-form-figures'; data: { formId: number } }
  | { queue: 'recount-form-insights'; data: { formId: number } }
  /** Files no row names are removed (services/storage/). */
  | { queue: 'storage-sweep'; data: Record<string, never> };

export type JobQueueName = QueuedJob['queue'];

/** The data of one job of `Queue`, as its producers record it and its worker receives it. */
export type JobData<Queue extends JobQueueName> = Extract<QueuedJob, { queue: Queue }>['data'];

/** Many jobs of one queue (a campaign's recipients, every image of a form), written a few thousand per statement. */
export type QueuedJobs = {
  [Queue in JobQueueName]: { queue: Queue; data: JobData<Queue>[] };
}[JobQueueName];

/**
 * Work for a queue: a message to mail, or jobs to run. `startNow`: someone is waiting on the job
 * (an owner's import), so this node's workers fetch it as soon as it is committed instead of at
 * their next poll.
 */
export type QueueEvent =
  | { type: 'mail'; mail: MailJob }
  | { type: 'job'; job: QueuedJob; startNow?: boolean }
  | { type: 'jobs'; jobs: QueuedJobs };

/**
 * Kept by a transaction's recorder for after its commit: its `startNow` job is in the queue now,
 * so this node's workers of `queue` are told to fetch.
 */
export type JobCommittedEvent = { type: 'job-committed'; queue: JobQueueName };

/**
 * Machine reading asked for, of one image or of every image of a form: a row of the fair reading
 * queue (services/ocr/machineReadingQueue.ts), written in the transaction of the change that asks.
 */
export type MachineReadingEvent = { type: 'read-image'; imageId: number } | { type: 'read-form'; formId: number };

/**
 * Webhook events for a form (services/webhooks/): logged and queued for delivery in the same
 * transaction as the change they describe; only a transaction can record them.
 */
export type WebhooksEvent = { type: 'webhooks'; form: Pick<Form, 'id' | 'webhookUrl'>; events: WebhookEvent[] };

/**
 * An image's state changed (services/imageState/): its webhooks go to the outbox in the same
 * transaction and its live events follow the commit (events/imageChangeEvents.ts).
 * Only a transaction can record it.
 */
export type ImageStateChangedEvent = { type: 'image-state-changed'; change: ImageStateChange };

/**
 * A line of the form's audit trail (services/audit/auditTrail.ts), written in the transaction of
 * the change it describes, so a rolled-back change leaves none. `actor` is who made the change (its
 * id and the name they have now are kept), null for the system (workers, recomputes).
 */
export type AuditTrailEvent = {
  type: 'audit';
  formId: number;
  actor: Pick<User, 'id' | 'name' | 'username'> | null;
  kind: AuditKind;
  imageId?: number;
  fieldId?: string;
  before?: unknown;
  after?: unknown;
};

/** What a service may hand to the dispatcher directly, without a transaction. */
export type DispatchedEvent = LiveEvent | QueueEvent;

/** What a transaction's recorder hands to the dispatcher once it has committed. */
export type AfterCommitEvent = LiveEvent | JobCommittedEvent;

/** What a recorder writes into its transaction at once (webhooks, machine reading, image changes and the audit trail only a transaction can record). */
export type WrittenEvent = QueueEvent | MachineReadingEvent | ImageStateChangedEvent | WebhooksEvent | AuditTrailEvent;

/** Everything a transaction may record. */
export type DomainEvent = LiveEvent | WrittenEvent;

export function isLiveEvent(event: DomainEvent | AfterCommitEvent): event is LiveEvent {
  return LIVE_EVENT_TYPES.has(event.type);
}
