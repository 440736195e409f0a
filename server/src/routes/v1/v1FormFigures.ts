/** /api/v1 figures of a form, for its managers: verification stats and the webhook delivery log. */
import { idParamSchema } from '@formscribe/common/schemas/common';
import { verificationStatsSchema } from '@formscribe/common/schemas/stats';
import { webhookDeliveriesResponseSchema } from '@formscribe/common/schemas/webhook';
import { parseInput } from '../../middlewares/validate.ts';
import { loadManagedForm } from '../../policies/forms.ts';
import { presentWebhookDeliveries } from '../../presenters/presentWebhookDelivery.ts';
import { verificationStats } from '../../services/stats/verificationStats.ts';
import { listWebhookDeliveries } from '../../services/webhooks/webhookSettings.ts';
import { respond } from '../respond.ts';
import { v1Route } from './v1Router.ts';

v1Route(
  {
    method: 'get',
    path: '/api/v1/forms/:id/verification-stats',
    summary: 'Verification stats',
    description: 'Images and field verifications done and remaining, from the form’s stored counters.',
    scope: 'read',
    params: idParamSchema,
    response: { schema: verificationStatsSchema },
  },
  async (ctx, { user }) => {
    const { id } = parseInput(idParamSchema, ctx.params);
    respond(ctx, verificationStatsSchema, verificationStats(await loadManagedForm(ctx, user, id)));
  },
);

v1Route(
  {
    method: 'get',
    path: '/api/v1/forms/:id/webhook-deliveries',
    summary: 'Webhook deliveries',
    description: 'The newest webhook deliveries of the form (newest first), with their status and attempts.',
    scope: 'read',
    params: idParamSchema,
    response: { schema: webhookDeliveriesResponseSchema },
  },
  async (ctx, { user }) => {
    const { id } = parseInput(idParamSchema, ctx.params);
    const form = await loadManagedForm(ctx, user, id);
    respond(ctx, webhookDeliveriesResponseSchema, presentWebhookDeliveries(await listWebhookDeliveries(form)));
  },
);
