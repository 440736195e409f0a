import type { WebhookDeliveryStatus, WebhookEvent, WebhookEventType } from '@formscribe/common/schemas/webhook';
import { BaseModel } from './BaseModel.ts';

/** One webhook event for one form and what became of its delivery (the settings dialog's log). */
export class WebhookDelivery extends BaseModel {
  static override tableName = 'webhook_deliveries';
  static override get jsonAttributes() {
    return ['payload'];
  }

  declare formId: number;
  declare eventId: string;
  declare eventType: WebhookEventType;
  /** The event exactly as sent (the body is re-serialised from it on every attempt). */
  declare payload: WebhookEvent;
  declare status: WebhookDeliveryStatus;
  declare attempts: number;
  declare lastStatusCode: number | null;
  declare lastError: string | null;
  declare createdAt: Date;
  declare deliveredAt: Date | null;
}
