/**
 * An audit event as owners read it: the JSON page's shape, and the same event as a CSV line
 * (before and after as JSON text), so the download says exactly what the screen says.
 */
import { csvLine } from '@formscribe/common/csv';
import type { AuditEvent } from '@formscribe/common/schemas/audit';
import type { AuditRow } from '../services/audit/auditReader.ts';

export const AUDIT_CSV_HEADER = [
  'id',
  'at',
  'actor_id',
  'actor_name',
  'kind',
  'image_id',
  'field_id',
  'before',
  'after',
];

export function presentAuditEvent(row: AuditRow): AuditEvent {
  return {
    id: Number(row.id),
    at: row.at.toISOString(),
    actor: row.actorId === null ? null : { id: row.actorId, name: row.actorName ?? '' },
    kind: row.kind,
    ...(row.imageId === null ? {} : { imageId: row.imageId }),
    ...(row.fieldId === null ? {} : { fieldId: row.fieldId }),
    before: row.before,
    after: row.after,
  };
}

const jsonText = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

export function auditCsvLine(row: AuditRow): string {
  const event = presentAuditEvent(row);
  return csvLine([
    event.id,
    event.at,
    event.actor?.id,
    event.actor?.name,
    event.kind,
    event.imageId,
    event.fieldId,
    jsonText(event.before),
    jsonText(event.after),
  ]);
}
