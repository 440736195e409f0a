/**
 * A form's webhook delivery log: each event's row, written in the transaction of the change it
 * describes, and kept to the newest WEBHOOK_LOG_SIZE. Queuing the rows for delivery is the
 * transaction's recorder's part (services/events/), so this file writes rows only.
 */
import { WEBHOOK_LOG_SIZE, type WebhookEvent } from '@formscribe/common/schemas/webhook';
import type { SqlRunner } from '../../db/sqlRunner.ts';
import type { Form } from '../../models/index.ts';

/**
 * Logs `events` for `form` within the transaction `sql` runs in as pending deliveries and answers
 * their ids; nothing when the form has no webhook URL. Written as statements (db/sqlRunner.ts), so
 * the submission's lean transaction logs them as knex's transactions do.
 */
export async function logWebhookDeliveries(
  sql: SqlRunner,
  form: Pick<Form, 'id' | 'webhookUrl'>,
  events: WebhookEvent[],
): Promise<number[]> {
  if (!form.webhookUrl || !events.length) return [];
  const rows = await sql.query(
    `INSERT INTO webhook_deliveries (form_id, event_id, event_type, payload, status)
     SELECT :formId, CAST(e.event ->> 'id' AS uuid), e.event ->> 'type', e.event, 'pending'
     FROM jsonb_array_elements(CAST(:events AS jsonb)) WITH ORDINALITY AS e(event, n) ORDER BY e.n
     RETURNING id`,
    { formId: form.id, events: JSON.stringify(events) },
  );
  await pruneDeliveryLog(sql, form.id);
  return rows.map((row) => Number(row.id));
}

/**
 * Keeps the newest WEBHOOK_LOG_SIZE deliveries of a form. Pending ones are kept whatever their
 * age: pruning them would silently drop events that were promised to the receiver.
 */
export async function pruneDeliveryLog(sql: SqlRunner, formId: number): Promise<void> {
  await sql.query(
    `DELETE FROM webhook_deliveries WHERE form_id = :formId AND status <> 'pending'
       AND id NOT IN (SELECT id FROM webhook_deliveries WHERE form_id = :formId ORDER BY id DESC LIMIT :size)`,
    { formId, size: WEBHOOK_LOG_SIZE },
  );
}
