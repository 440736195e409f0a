/**
 * A form's webhook log and signing secret, for its managers. The URL itself is saved with the
 * other settings (PATCH /api/forms/{id}).
 */
import { idParamSchema } from '../schemas/common.ts';
import { webhookDeliveriesResponseSchema, webhookSecretResponseSchema } from '../schemas/webhook.ts';
import { defineRoutes } from './routeContract.ts';

export const webhooksApi = defineRoutes({
  webhookDeliveries: {
    method: 'get',
    path: '/api/forms/{id}/webhook-deliveries',
    params: idParamSchema,
    response: webhookDeliveriesResponseSchema,
  },
  webhookSecret: {
    method: 'get',
    path: '/api/forms/{id}/webhook-secret',
    params: idParamSchema,
    response: webhookSecretResponseSchema,
  },
  rotateWebhookSecret: {
    method: 'post',
    path: '/api/forms/{id}/webhook-secret/rotate',
    params: idParamSchema,
    response: webhookSecretResponseSchema,
  },
});
