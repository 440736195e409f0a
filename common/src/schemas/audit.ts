/**
 * The audit trail: every change to a form's data, or to the rules that decide it, as an
 * append-only event written in the change's own transaction. Owners read it per form (filtered
 * by image or kind) and per image; nobody can edit or delete it through the app.
 */
import { z } from 'zod';
import { rowIdParamSchema } from './common.ts';

export const AUDIT_KINDS = [
  /** A contributor's entry was saved (after: its values and "as written" marks). */
  'entry-created',
  /** An entry was deleted (before: its values). */
  'entry-deleted',
  /** An "unreadable" or "no data" vote (after: the kind and the image's count). */
  'vote-cast',
  /** The owner accepted a value for a field (before/after: the verified value). */
  'value-accepted',
  /** The owner marked an image complete or not complete by hand. */
  'image-completed',
  'image-uncompleted',
  /** A field was added, removed or changed, rules included (before/after: the definition). */
  'field-added',
  'field-removed',
  'field-changed',
  /** How many agreeing entries verify a field (before/after: the number). */
  'threshold-changed',
  /** A user was blocked (their entries no longer count) or unblocked. */
  'user-blocked',
  'user-unblocked',
  /** Images arrived by an import or upload (after: how many, and from what). */
  'images-imported',
  'image-deleted',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_PAGE_SIZE = 100;

export const auditQuerySchema = z.object({
  /** The `nextCursor` of the previous page. */
  cursor: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  imageId: rowIdParamSchema.optional(),
  kind: z.enum(AUDIT_KINDS, { error: 'Unknown kind of audit event' }).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEventSchema = z.object({
  id: z.number(),
  at: z.string(),
  /** Who made the change; null for the system (a recompute, an import worker). */
  actor: z.object({ id: z.number(), name: z.string() }).nullable(),
  kind: z.enum(AUDIT_KINDS),
  imageId: z.number().optional(),
  fieldId: z.string().optional(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** Newest first; `nextCursor` is null on the last page. */
export const auditPageSchema = z.object({
  events: z.array(auditEventSchema),
  nextCursor: z.number().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
