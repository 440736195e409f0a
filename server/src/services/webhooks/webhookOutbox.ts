/**
 * The webhook outbox: events are written to the delivery log and queued for delivery inside the
 * transaction of the change that caused them, so a committed change always gets its webhook and
 * a rolled-back one never does (docs/architecture.md, 'How a change is announced'). The
 * transaction's recorder does both (services/events/); the log itself is webhookDeliveryLog.ts.
 */
import type { WebhookEvent } from '@formscribe/common/schemas/webhook';
import type { Knex } from 'knex';
import type { AppDeps } from '../../appTypes.ts';
import type { Form } from '../../models/index.ts';
import { eventsOf } from '../events/domainEventRecorder.ts';
import type { JobData } from '../events/domainEvents.ts';

export const DELIVER_WEBHOOK_QUEUE = 'deliver-webhook';

export type DeliverWebhookJob = JobData<typeof DELIVER_WEBHOOK_QUEUE>;

/**
 * Logs and queues `events` for `form` within `trx`; nothing when the form has no webhook URL.
 * Call it inside the transaction that made the change the events describe.
 */
export function enqueueWebhookEvents(
  deps: Pick<AppDeps, 'jobs' | 'events'>,
  trx: Knex.Transaction,
  form: Pick<Form, 'id' | 'webhookUrl'>,
  events: WebhookEvent[],
): Promise<void> {
  return eventsOf(deps, trx).record({ type: 'webhooks', form, events });
}
