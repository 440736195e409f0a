/**
 * An audit event in words, for the owner's history lists: what was done, and what it changed
 * (before → after). The server keeps before and after as JSON (services/audit/auditedChanges.ts
 * says their shapes); anything unexpected in them is shown as it is, never hidden.
 */
import type { AuditEvent, AuditKind } from '@formscribe/common/schemas/audit';

export interface AuditWords {
  what: string;
  /** Before → after, or what the change held; absent when the `what` says it all. */
  change?: string;
}

/** Field ids to the labels the owner knows them by (a removed field falls back to its id). */
export type FieldLabels = ReadonlyMap<string, string>;

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  'entry-created': 'Entry added',
  'entry-deleted': 'Entry deleted',
  'vote-cast': 'Vote',
  'value-accepted': 'Accepted value',
  'image-completed': 'Marked complete',
  'image-uncompleted': 'Complete mark removed',
  'field-added': 'Field added',
  'field-removed': 'Field removed',
  'field-changed': 'Field changed',
  'threshold-changed': 'Threshold changed',
  'user-blocked': 'User blocked',
  'user-unblocked': 'User unblocked',
  'images-imported': 'Image added',
  'image-deleted': 'Image deleted',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const recordOf = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});

/** A value as a person reads it: text as it is, nothing as "none", the rest as JSON. */
export function plainValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function valuesText(values: unknown, labels: FieldLabels): string {
  const entries = Object.entries(recordOf(values));
  if (!entries.length) return 'no values';
  return entries.map(([id, value]) => `${labels.get(id) ?? id}: ${plainValue(value)}`).join('; ');
}

/** The properties of a field definition that differ, as "label: Age → Age (years)". */
function definitionChanges(before: unknown, after: unknown): string {
  const [was, is] = [recordOf(before), recordOf(after)];
  const keys = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  const changed = keys.filter((key) => JSON.stringify(was[key]) !== JSON.stringify(is[key]));
  return changed.map((key) => `${key}: ${plainValue(was[key])} → ${plainValue(is[key])}`).join('; ');
}

const completion = (side: unknown) => (recordOf(side).isComplete ? 'complete' : 'not complete');

export function describeAuditEvent(event: AuditEvent, labels: FieldLabels): AuditWords {
  const before = recordOf(event.before);
  const after = recordOf(event.after);
  const fieldLabel = event.fieldId
    ? (labels.get(event.fieldId) ?? plainValue(before.label ?? after.label ?? event.fieldId))
    : '';
  switch (event.kind) {
    case 'entry-created': {
      const marked = Array.isArray(after.asWritten) ? after.asWritten.map((id) => labels.get(String(id)) ?? id) : [];
      const note = marked.length ? ` (as written on the page: ${marked.join(', ')})` : '';
      return { what: 'Added an entry', change: valuesText(after.values, labels) + note };
    }
    case 'entry-deleted':
      return { what: 'Deleted an entry', change: `${valuesText(before.values, labels)} → deleted` };
    case 'vote-cast':
      return {
        what: `Voted “${after.vote === 'no-data' ? 'no data' : 'unreadable'}”`,
        change: `${plainValue(after.count)} vote(s) now`,
      };
    case 'value-accepted':
      return {
        what:
          after.accepted === null
            ? `Withdrew the accepted value of ${fieldLabel}`
            : `Accepted a value for ${fieldLabel}`,
        change: `${plainValue(before.verifiedValue)} → ${plainValue(after.verifiedValue)}`,
      };
    case 'image-completed':
      return { what: 'Marked the image complete', change: `${completion(before)} → ${completion(after)}` };
    case 'image-uncompleted':
      return { what: 'Took back the complete mark', change: `${completion(before)} → ${completion(after)}` };
    case 'field-added':
      return { what: `Added the field ${fieldLabel}`, change: plainValue(after.type) };
    case 'field-removed':
      return { what: `Removed the field ${fieldLabel}` };
    case 'field-changed':
      return { what: `Changed the field ${fieldLabel}`, change: definitionChanges(event.before, event.after) };
    case 'threshold-changed':
      return {
        what: 'Changed the entries needed to verify a field',
        change: `${plainValue(event.before)} → ${plainValue(event.after)}`,
      };
    case 'user-blocked':
      return {
        what: `Blocked user #${plainValue(after.userId)}`,
        change: `${plainValue(after.entriesDropped)} entries stopped counting${after.reason ? ` (reason: ${plainValue(after.reason)})` : ''}`,
      };
    case 'user-unblocked':
      return { what: `Unblocked user #${plainValue(before.userId)}` };
    case 'images-imported': {
      const source = recordOf(after.source);
      const page = source.page === null || source.page === undefined ? '' : `, page ${plainValue(source.page)}`;
      const how = source.importId === undefined ? 'Uploaded' : `Imported (import #${plainValue(source.importId)})`;
      return { what: `${how} ${plainValue(after.count)} image(s)`, change: `${plainValue(source.fileName)}${page}` };
    }
    case 'image-deleted':
      return {
        what: 'Deleted the image',
        change: `${plainValue(before.originalName)} with ${plainValue(before.entryCount)} entries → deleted`,
      };
  }
}
