/**
 * Outgoing webhooks: the stable event schema receivers can rely on, the headers every delivery
 * carries, and the delivery log the settings dialog shows. Fields are only ever added to an
 * event, never renamed or removed; receivers should ignore keys they do not know.
 *
 * Every delivery is an HTTP POST with a JSON body (one event) and these headers:
 * - `X-Formscribe-Event`: the event type, e.g. `submission.created`;
 * - `X-Formscribe-Delivery`: the event id (a UUID, the same on every retry: deduplicate on it);
 * - `X-Formscribe-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed
 *   with the form's signing secret (see `verifyWebhookSignature` in `webhookSignature.ts`).
 * A 2xx answer within 5 seconds counts as delivered; anything else (redirects included) is
 * retried with exponential backoff, then logged as failed.
 */
import { z } from 'zod';
import { VOTE_KINDS } from '../votes.ts';

export const WEBHOOK_EVENT_HEADER = 'X-Formscribe-Event';
export const WEBHOOK_DELIVERY_HEADER = 'X-Formscribe-Delivery';
export const WEBHOOK_SIGNATURE_HEADER = 'X-Formscribe-Signature';

export const WEBHOOK_EVENT_TYPES = [
  'submission.created',
  'image.verified',
  'image.completed',
  'image.voted_complete',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** How many deliveries the log keeps per form (older finished ones are pruned). */
export const WEBHOOK_LOG_SIZE = 50;

export { WEBHOOK_URL_NOT_HTTP, WEBHOOK_URL_PRIVATE, WEBHOOK_URL_UNRESOLVED } from '../webhookUrlMessages.ts';

/** The image's figures after the change that caused the event. */
export const webhookImageSchema = z.object({
  id: z.number(),
  originalName: z.string(),
  entryCount: z.number(),
  verifiedFieldCount: z.number(),
  totalFieldCount: z.number(),
  isComplete: z.boolean(),
  manuallyCompleted: z.boolean(),
  noDataVoteCount: z.number(),
  unreadableVoteCount: z.number(),
});

/** One verified field: its id, its label at the time, and the agreed (normalised) value. */
export const webhookVerifiedFieldSchema = z.object({
  id: z.string(),
  label: z.string(),
  value: z.string().nullable(),
});

/**
 * The verified values three ways: a list in form order (id, label, value), a map by field id,
 * and a map by label (a label used twice, or blank, is keyed `<label> [<field id>]`).
 */
const verifiedValuesShape = {
  fields: z.array(webhookVerifiedFieldSchema),
  values: z.record(z.string(), z.string().nullable()),
  valuesByLabel: z.record(z.string(), z.string().nullable()),
};

const envelope = {
  /** The event id: stable across retries. */
  id: z.uuid(),
  /** When the change happened (ISO 8601), not when this attempt was made. */
  createdAt: z.iso.datetime({ offset: true }),
  formId: z.number(),
};

/** A contributor's entry was recorded. `data` is field id → value as entered. */
export const submissionCreatedEventSchema = z.object({
  ...envelope,
  type: z.literal('submission.created'),
  data: z.object({
    submission: z.object({
      id: z.number(),
      imageId: z.number(),
      submittedById: z.number().nullable(),
      submittedByEmail: z.string().nullable(),
      submittedAt: z.iso.datetime({ offset: true }),
      data: z.record(z.string(), z.unknown()),
    }),
    image: webhookImageSchema,
  }),
});

/** Every data field of the image is now verified (by this submission). */
export const imageVerifiedEventSchema = z.object({
  ...envelope,
  type: z.literal('image.verified'),
  data: z.object({ image: webhookImageSchema, ...verifiedValuesShape }),
});

/**
 * The image became complete: `reason` is `verified` (its last field was verified by a
 * submission) or `manual` (a manager marked it). Votes completing an image send
 * `image.voted_complete` instead. The values are those verified so far (possibly none).
 */
export const imageCompletedEventSchema = z.object({
  ...envelope,
  type: z.literal('image.completed'),
  data: z.object({
    image: webhookImageSchema,
    reason: z.enum(['verified', 'manual']),
    completedById: z.number().nullable(),
    ...verifiedValuesShape,
  }),
});

/** "No data" or "unreadable" votes reached the form's verification threshold. */
export const imageVotedCompleteEventSchema = z.object({
  ...envelope,
  type: z.literal('image.voted_complete'),
  data: z.object({
    image: webhookImageSchema,
    vote: z.object({ kind: z.enum(VOTE_KINDS), count: z.number(), threshold: z.number() }),
  }),
});

export const webhookEventSchema = z.discriminatedUnion('type', [
  submissionCreatedEventSchema,
  imageVerifiedEventSchema,
  imageCompletedEventSchema,
  imageVotedCompleteEventSchema,
]);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
export type WebhookImage = z.infer<typeof webhookImageSchema>;
export type WebhookVerifiedField = z.infer<typeof webhookVerifiedFieldSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One line of the delivery log (GET /api/forms/{id}/webhook-deliveries), newest first. */
export const webhookDeliveryResponseSchema = z.object({
  id: z.number(),
  eventId: z.string(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDeliveryResponse = z.infer<typeof webhookDeliveryResponseSchema>;

export const webhookDeliveriesResponseSchema = z.object({ deliveries: z.array(webhookDeliveryResponseSchema) });
export type WebhookDeliveriesResponse = z.infer<typeof webhookDeliveriesResponseSchema>;

/**
 * GET /api/forms/{id}/webhook-secret and POST .../webhook-secret/rotate (managers only): the
 * key receivers verify signatures with. Null until a webhook URL is first saved.
 */
export const webhookSecretResponseSchema = z.object({ secret: z.string().nullable() });
export type WebhookSecretResponse = z.infer<typeof webhookSecretResponseSchema>;
