/**
 * Builds webhook events (the stable schema in common/schemas/webhook.ts) from the rows a change
 * produced. Which events a change causes is decided from the image's state before and after, in
 * services/events/imageChangeEvents.ts.
 */
import { randomUUID } from 'node:crypto';
import { dataFields } from '@formscribe/common/fields';
import type { WebhookEvent, WebhookImage, WebhookVerifiedField } from '@formscribe/common/schemas/webhook';
import type { VoteKind } from '@formscribe/common/votes';
import type { Form, FormImage, FormSubmission } from '../../models/index.ts';

interface VerifiedValues {
  fields: WebhookVerifiedField[];
  values: Record<string, string | null>;
  valuesByLabel: Record<string, string | null>;
}

const envelope = (form: Form) => ({ id: randomUUID(), createdAt: new Date().toISOString(), formId: form.id });

function imageSummary(image: FormImage): WebhookImage {
  return {
    id: image.id,
    originalName: image.originalName,
    entryCount: image.entryCount,
    verifiedFieldCount: image.verifiedFieldCount,
    totalFieldCount: image.totalFieldCount,
    isComplete: image.isComplete,
    manuallyCompleted: image.manuallyCompleted,
    noDataVoteCount: image.noDataVoteCount,
    unreadableVoteCount: image.unreadableVoteCount,
  };
}

/** The image's verified fields in form order, by id and by label (duplicate or blank labels get the id appended). */
export function verifiedValues(form: Form, image: FormImage): VerifiedValues {
  const fields: WebhookVerifiedField[] = [];
  // Maps, then Object.fromEntries: a label such as "__proto__" or "constructor" stays a plain key.
  const byId = new Map<string, string | null>();
  const byLabel = new Map<string, string | null>();
  for (const field of dataFields(form.fields)) {
    const status = image.fieldStatus?.[field.id];
    if (!status?.isVerified) continue;
    const value = status.verifiedValue;
    fields.push({ id: field.id, label: field.label, value });
    byId.set(field.id, value);
    const label = field.label.trim();
    byLabel.set(label && !byLabel.has(label) ? label : `${label} [${field.id}]`.trim(), value);
  }
  return { fields, values: Object.fromEntries(byId), valuesByLabel: Object.fromEntries(byLabel) };
}

export function submissionCreatedEvent(form: Form, submission: FormSubmission, image: FormImage): WebhookEvent {
  return {
    ...envelope(form),
    type: 'submission.created',
    data: {
      submission: {
        id: submission.id,
        imageId: submission.imageId,
        submittedById: submission.submittedById,
        submittedByEmail: submission.submittedByEmail,
        submittedAt: new Date(submission.submittedAt).toISOString(),
        data: submission.data,
      },
      image: imageSummary(image),
    },
  };
}

export function imageVerifiedEvent(form: Form, image: FormImage): WebhookEvent {
  return {
    ...envelope(form),
    type: 'image.verified',
    data: { image: imageSummary(image), ...verifiedValues(form, image) },
  };
}

export function imageCompletedEvent(form: Form, image: FormImage, reason: 'verified' | 'manual'): WebhookEvent {
  return {
    ...envelope(form),
    type: 'image.completed',
    data: {
      image: imageSummary(image),
      reason,
      completedById: reason === 'manual' ? image.completedById : null,
      ...verifiedValues(form, image),
    },
  };
}

export function imageVotedCompleteEvent(form: Form, image: FormImage, kind: VoteKind, count: number): WebhookEvent {
  const vote = { kind, count, threshold: Math.max(1, form.requiredEntriesPerImage) };
  return { ...envelope(form), type: 'image.voted_complete', data: { image: imageSummary(image), vote } };
}
