/**
 * A form's webhook delivery log: each event's row, written in the transaction of the change it
 * describes, and kept to the newest WEBHOOK_LOG_SIZE. Queuing the rows for delivery is the
 * transaction's recorder's part (services/events/), so this file writes rows only.
 */
import { WEBHOOK_LOG_SIZE, type WebhookEvent } from '@formscribe/common/schemas/webhook';
import type { Knex } from 'knex';
import { type Form, WebhookDelivery } from '../../models/index.ts';

/**
 * Logs `events` for `form` within `trx` as pending deliveries and answers their ids; nothing when
 * the form has no webhook URL.
 */
export async function logWebhookDeliveries(
  trx: Knex.Transaction,
  form: Pick<Form, 'id' | 'webhookUrl'>,
  events: WebhookEvent[],
): Promise<number[]> {
  if (!form.webhookUrl || !events.length) return [];
  const rows = await WebhookDelivery.query(trx).insert(
    events.map((event) => ({
      formId: form.id,
      eventId: event.id,
      eventType: event.type,
      payload: event,
      status: 'pending' as const,
    })),
  );
  await pruneDeliveryLog(trx, form.id);
  return rows.map((row) => row.id);
}

/**
 * Keeps the newest WEBHOOK_LOG_SIZE deliveries of a form. Pending ones are kept whatever their
 * age: pruning them would silently drop events that were promised to the receiver.
 */
export async function pruneDeliveryLog(trx: Knex.Transaction | Knex, formId: number): Promise<void> {
  const newest = WebhookDelivery.query(trx)
    .select('id')
    .where({ formId })
    .orderBy('id', 'desc')
    .limit(WEBHOOK_LOG_SIZE);
  await WebhookDelivery.query(trx).delete().where({ formId }).whereNot({ status: 'pending' }).whereNotIn('id', newest);
}
