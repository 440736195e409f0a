/** /api/v1 figures of a form, for its managers: verification stats and the webhook delivery log. */
import { v1Api } from '@formscribe/common/api/v1';
import { verificationStats } from '../../services/stats/verificationStats.ts';
import { route } from '../declared/declareRoute.ts';
import { managedForm } from '../declared/routePolicies.ts';
import { webhookDeliveriesOf } from '../webhooks/webhooks.ts';

route(v1Api.verificationStats, { token: 'read', policy: managedForm }, (_ctx, { resource: form }) =>
  verificationStats(form),
);

route(v1Api.webhookDeliveries, { token: 'read', policy: managedForm }, webhookDeliveriesOf);
