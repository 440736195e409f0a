/**
 * The webhook outbox: events are written to the delivery log and queued for delivery inside the
 * transaction of the change that caused them, so a committed change always gets its webhook and
 * a rolled-back one never does (docs/architecture.md, 'How a change is announced').
 */
import { WEBHOOK_LOG_SIZE, type WebhookEvent } from '@formscribe/common/schemas/webhook';
import type { Knex } from 'knex';
import type { AppDeps } from '../../appTypes.ts';
import { type Form, WebhookDelivery } from '../../models/index.ts';

export const DELIVER_WEBHOOK_QUEUE = 'deliver-webhook';

export interface DeliverWebhookJob {
  deliveryId: number;
}

/**
 * Logs and queues `events` for `form` within `trx`; nothing when the form has no webhook URL.
 * Call it inside the transaction that made the change the events describe.
 */
export async function enqueueWebhookEvents(
  deps: Pick<AppDeps, 'jobs'>,
  trx: Knex.Transaction,
  form: Pick<Form, 'id' | 'webhookUrl'>,
  events: WebhookEvent[],
): Promise<void> {
  if (!form.webhookUrl || !events.length) return;
  const rows = await WebhookDelivery.query(trx).insert(
    events.map((event) => ({
      formId: form.id,
      eventId: event.id,
      eventType: event.type,
      payload: event,
      status: 'pending' as const,
    })),
  );
  for (const row of rows)
    await deps.jobs.enqueue<DeliverWebhookJob>(trx, DELIVER_WEBHOOK_QUEUE, { deliveryId: row.id });
  await pruneDeliveryLog(trx, form.id);
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
