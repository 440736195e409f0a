/**
 * What each audited change writes to the trail, one small function per change, so the services
 * that make the changes add one line each and the shapes of `before` and `after` live in one
 * place (the client's history words them: client/src/components/audit/). Every function records
 * on the change's own transaction (`events`), but an entry's, which is a part of the statement that
 * inserts the entry; see auditTrail.ts.
 */
import { fieldsSchema } from '@formscribe/common/fields';
import type { Form, FormImage, FormSubmission, FormUserBlock } from '../../models/index.ts';
import type { DomainEvents } from '../events/domainEventRecorder.ts';
import type { AuditTrailEvent } from '../events/domainEvents.ts';
import type { ImageStateChange, VoteKind } from '../imageState/imageStateChange.ts';
import { auditLinePart } from './auditTrail.ts';

/** The signed-in user who made the change, or null for the system (a worker). */
export type AuditActor = AuditTrailEvent['actor'];

type Audited = Omit<AuditTrailEvent, 'type'>;

const write = (events: DomainEvents, event: Audited) => events.record({ type: 'audit', ...event });

/**
 * An entry's line, as a part of the `WITH` clause of the statement that inserts the entry (its
 * part `entry`, a form_submissions row): the line names the entry's id (auditTrail.ts).
 */
export function entryCreatedAuditPart(actor: AuditActor, asWritten: readonly string[]) {
  return auditLinePart(
    'entry',
    {
      actor,
      kind: 'entry-created',
      formIdSql: 'entry.form_id',
      imageIdSql: 'entry.image_id',
      afterSql: `jsonb_build_object('submissionId', entry.id, 'values', entry.data, 'asWritten', CAST(:auditAsWritten AS jsonb))`,
    },
    { auditAsWritten: JSON.stringify(asWritten) },
  );
}

export function auditEntryDeleted(events: DomainEvents, actor: AuditActor, submission: FormSubmission) {
  return write(events, {
    formId: submission.formId,
    actor,
    kind: 'entry-deleted',
    imageId: submission.imageId,
    before: {
      submissionId: submission.id,
      submittedById: submission.submittedById,
      values: submission.data,
      asWritten: submission.asWritten,
    },
  });
}

export function auditVote(events: DomainEvents, actor: AuditActor, change: ImageStateChange, vote: VoteKind) {
  const count = vote === 'no-data' ? change.after.noDataVoteCount : change.after.unreadableVoteCount;
  return write(events, {
    formId: change.form.id,
    actor,
    kind: 'vote-cast',
    imageId: change.after.id,
    after: { vote, count },
  });
}

/** An owner accepted a value (`accepted`) or withdrew their acceptance (`accepted` null). */
export function auditAcceptedValue(
  events: DomainEvents,
  actor: AuditActor,
  change: ImageStateChange,
  fieldId: string,
  accepted: string | null,
) {
  const verified = (image: FormImage) => image.fieldStatus?.[fieldId]?.verifiedValue ?? null;
  return write(events, {
    formId: change.form.id,
    actor,
    kind: 'value-accepted',
    imageId: change.after.id,
    fieldId,
    before: { verifiedValue: verified(change.before) },
    after: { verifiedValue: verified(change.after), accepted },
  });
}

export function auditManualMark(events: DomainEvents, actor: AuditActor, change: ImageStateChange) {
  const marks = (image: FormImage) => ({ manuallyCompleted: image.manuallyCompleted, isComplete: image.isComplete });
  return write(events, {
    formId: change.form.id,
    actor,
    kind: change.after.manuallyCompleted ? 'image-completed' : 'image-uncompleted',
    imageId: change.after.id,
    before: marks(change.before),
    after: marks(change.after),
  });
}

/** One event per field added, removed or changed (rules included), and one for a new threshold. */
export async function auditFormRules(
  events: DomainEvents,
  actor: AuditActor,
  form: Form,
  changes: { fields?: readonly { id: string }[]; requiredEntriesPerImage?: number },
) {
  if (changes.requiredEntriesPerImage !== undefined && changes.requiredEntriesPerImage !== form.requiredEntriesPerImage)
    await write(events, {
      formId: form.id,
      actor,
      kind: 'threshold-changed',
      before: form.requiredEntriesPerImage,
      after: changes.requiredEntriesPerImage,
    });
  if (!changes.fields) return;
  // Compared as the schema reads them, so a default it fills in (a column name) is not a change.
  const parsed = fieldsSchema.safeParse(form.fields);
  const comparable = new Map<string, unknown>((parsed.success ? parsed.data : form.fields).map((f) => [f.id, f]));
  const stored = new Map<string, unknown>(form.fields.map((f) => [f.id, f]));
  const next = new Map<string, unknown>(changes.fields.map((f) => [f.id, f]));
  for (const [fieldId, after] of next) {
    const before = stored.get(fieldId);
    if (before === undefined) await write(events, { formId: form.id, actor, kind: 'field-added', fieldId, after });
    else if (canonicalJson(comparable.get(fieldId)) !== canonicalJson(after))
      await write(events, { formId: form.id, actor, kind: 'field-changed', fieldId, before, after });
  }
  for (const [fieldId, before] of stored)
    if (!next.has(fieldId)) await write(events, { formId: form.id, actor, kind: 'field-removed', fieldId, before });
}

/** `entriesDropped`: how many of the user's entries stopped counting toward agreement. */
export function auditBlock(events: DomainEvents, actor: AuditActor, block: FormUserBlock, entriesDropped: number) {
  return write(events, {
    formId: block.formId,
    actor,
    kind: 'user-blocked',
    after: { userId: block.userId, reason: block.reason, dropEntries: block.dropEntries, entriesDropped },
  });
}

export function auditUnblock(events: DomainEvents, actor: AuditActor, block: FormUserBlock) {
  return write(events, {
    formId: block.formId,
    actor,
    kind: 'user-unblocked',
    before: { userId: block.userId, reason: block.reason, dropEntries: block.dropEntries },
  });
}

/** Where an image came from: a single upload's file, or an import's page. */
export interface ImageArrival {
  fileName: string;
  page: number | null;
  importId?: number;
}

export function auditImageArrived(events: DomainEvents, actor: AuditActor, image: FormImage, source: ImageArrival) {
  return write(events, {
    formId: image.formId,
    actor,
    kind: 'images-imported',
    imageId: image.id,
    after: { count: 1, source },
  });
}

export function auditImageDeleted(events: DomainEvents, actor: AuditActor, image: FormImage) {
  return write(events, {
    formId: image.formId,
    actor,
    kind: 'image-deleted',
    imageId: image.id,
    before: {
      number: image.number,
      originalName: image.originalName,
      entryCount: image.entryCount,
      isComplete: image.isComplete,
    },
  });
}

/** JSON with keys sorted, so two definitions that differ only in key order compare equal. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}
