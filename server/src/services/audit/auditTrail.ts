/**
 * The only writer of `audit_events`. A change records an `audit` domain event on its transaction
 * and the recorder (events/domainEventRecorder.ts) appends it here, in that transaction: a change
 * that rolls back leaves no line, and a committed one always has its line. The actor's name is
 * kept as it is now, so the trail still says who it was after they rename or leave.
 */
import { displayName } from '@formscribe/common/displayName';
import type { Knex } from 'knex';
import type { AuditTrailEvent } from '../events/domainEvents.ts';

/** jsonb keeps `null`; a missing side (nothing before an addition) is stored as null too. */
const asJson = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

export async function appendAuditEvent(trx: Knex.Transaction, event: AuditTrailEvent): Promise<void> {
  await trx('audit_events').insert({
    formId: event.formId,
    actorId: event.actor?.id ?? null,
    actorName: event.actor ? displayName(event.actor) : null,
    kind: event.kind,
    imageId: event.imageId ?? null,
    fieldId: event.fieldId ?? null,
    before: asJson(event.before),
    after: asJson(event.after),
  });
}
