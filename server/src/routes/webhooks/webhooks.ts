/**
 * A form's webhook log and signing secret, for its managers (contributors 403, others 404).
 * The URL itself is saved with the other settings (PATCH /api/forms/{id}).
 */
import { idParamSchema } from '@formscribe/common/schemas/common';
import { webhookDeliveriesResponseSchema, webhookSecretResponseSchema } from '@formscribe/common/schemas/webhook';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { loadManagedForm } from '../../policies/forms.ts';
import { presentWebhookDeliveries } from '../../presenters/presentWebhookDelivery.ts';
import { listWebhookDeliveries, rotateWebhookSecret } from '../../services/webhooks/webhookSettings.ts';
import { respond } from '../respond.ts';

export const webhooksRouter = new Router<AppState, AppContextExtras>();

webhooksRouter.get('/api/forms/:id/webhook-deliveries', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const form = await loadManagedForm(ctx, requireUser(ctx), id);
  respond(ctx, webhookDeliveriesResponseSchema, presentWebhookDeliveries(await listWebhookDeliveries(form)));
});

webhooksRouter.get('/api/forms/:id/webhook-secret', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const form = await loadManagedForm(ctx, requireUser(ctx), id);
  ctx.set('Cache-Control', 'no-store');
  respond(ctx, webhookSecretResponseSchema, { secret: form.webhookSecret });
});

webhooksRouter.post('/api/forms/:id/webhook-secret/rotate', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const form = await loadManagedForm(ctx, requireUser(ctx), id);
  ctx.set('Cache-Control', 'no-store');
  respond(ctx, webhookSecretResponseSchema, { secret: await rotateWebhookSecret(form) });
});
