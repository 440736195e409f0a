import type { WebhookDeliveriesResponse, WebhookDeliveryResponse } from '@formscribe/common/schemas/webhook';
import type { WebhookDelivery } from '../models/index.ts';

/** One line of the delivery log; the payload stays server-side (the log shows what happened, not the data). */
export function presentWebhookDelivery(delivery: WebhookDelivery): WebhookDeliveryResponse {
  return {
    id: delivery.id,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    lastStatusCode: delivery.lastStatusCode,
    lastError: delivery.lastError,
    createdAt: delivery.createdAt.toISOString(),
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
  };
}

export function presentWebhookDeliveries(deliveries: WebhookDelivery[]): WebhookDeliveriesResponse {
  return { deliveries: deliveries.map(presentWebhookDelivery) };
}
