/**
 * The only writer of `audit_events`. A change records an `audit` domain event on its transaction
 * and the recorder (events/domainEventRecorder.ts) appends it here, in that transaction: a change
 * that rolls back leaves no line, and a committed one always has its line. The actor's name is
 * kept as it is now, so the trail still says who it was after they rename or leave.
 *
 * One change writes its line differently: an entry, the busiest write, whose line names the entry's
 * id, which only the statement that inserts it knows. Its line is a part of that statement's `WITH`
 * clause (`auditLinePart`), in the same transaction all the same, one round trip fewer per entry.
 */
import { displayName } from '@formscribe/common/displayName';
import type { Knex } from 'knex';
import type { AuditTrailEvent } from '../events/domainEvents.ts';

/** jsonb keeps `null`; a missing side (nothing before an addition) is stored as null too. */
const asJson = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** The actor's columns: their id and their name as it is now. */
const actorColumns = (actor: AuditTrailEvent['actor']) => ({
  actorId: actor?.id ?? null,
  actorName: actor ? displayName(actor) : null,
});

/**
 * A line written by a part of another statement's `WITH` clause, from the rows of its part
 * `source` (one line per row): `formId`, `imageId` and `after` are SQL over `source`'s columns,
 * the rest are bindings (`:auditActorId`, `:auditActorName`, `:auditKind` and those of `after`).
 */
export function auditLinePart(
  source: string,
  line: Pick<AuditTrailEvent, 'actor' | 'kind'> & { formIdSql: string; imageIdSql: string; afterSql: string },
  afterBindings: Record<string, unknown>,
): { sql: string; bindings: Record<string, unknown> } {
  const { actorId, actorName } = actorColumns(line.actor);
  return {
    sql: `INSERT INTO audit_events (form_id, actor_id, actor_name, kind, image_id, field_id, before, after)
          SELECT ${line.formIdSql}, :auditActorId, :auditActorName, :auditKind, ${line.imageIdSql}, NULL, NULL,
                 ${line.afterSql}
          FROM ${source}`,
    bindings: { auditActorId: actorId, auditActorName: actorName, auditKind: line.kind, ...afterBindings },
  };
}

export async function appendAuditEvent(trx: Knex.Transaction, event: AuditTrailEvent): Promise<void> {
  await trx('audit_events').insert({
    formId: event.formId,
    ...actorColumns(event.actor),
    kind: event.kind,
    imageId: event.imageId ?? null,
    fieldId: event.fieldId ?? null,
    before: asJson(event.before),
    after: asJson(event.after),
  });
}
