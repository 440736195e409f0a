/**
 * A form's webhook log and signing secret, for its managers (contributors 403, others 404).
 * The URL itself is saved with the other settings (PATCH /api/forms/{id}).
 */
import { webhooksApi } from '@formscribe/common/api/webhooks';
import type { Form } from '../../models/index.ts';
import { presentWebhookDeliveries } from '../../presenters/presentWebhookDelivery.ts';
import { listWebhookDeliveries, rotateWebhookSecret } from '../../services/webhooks/webhookSettings.ts';
import { route } from '../declared/declareRoute.ts';
import { managedForm } from '../declared/routePolicies.ts';

/** The form's newest deliveries (the browser's log, and /api/v1's). */
export async function webhookDeliveriesOf(_ctx: unknown, { resource: form }: { resource: Form }) {
  return presentWebhookDeliveries(await listWebhookDeliveries(form));
}

route(webhooksApi.webhookDeliveries, { policy: managedForm }, webhookDeliveriesOf);

route(webhooksApi.webhookSecret, { policy: managedForm }, (ctx, { resource: form }) => {
  ctx.set('Cache-Control', 'no-store');
  return { secret: form.webhookSecret };
});

route(webhooksApi.rotateWebhookSecret, { policy: managedForm }, async (ctx, { resource: form }) => {
  ctx.set('Cache-Control', 'no-store');
  return { secret: await rotateWebhookSecret(form) };
});
