/**
 * The administrator's "Recount this form": a form's figures (images, completed images, verified
 * fields) are kept by delta with every image change, so they only drift after a fault. This asks
 * the repair job (services/stats/formRecountJob.ts) to recount them from the images on any node;
 * the job publishes the recounted figures to the form's watchers. 202: the work happens after the
 * answer.
 */
import { adminApi } from '@formscribe/common/api/admin';
import { enqueueFormFiguresRecount } from '../../services/stats/formRecountJob.ts';
import { formForAdmin, superAdminFirst } from '../declared/adminPolicies.ts';
import { route } from '../declared/declareRoute.ts';

route(
  adminApi.adminRecountForm,
  { policy: formForAdmin, before: [superAdminFirst] },
  async (ctx, { resource: form }) => {
    await enqueueFormFiguresRecount(ctx.deps, form.id);
  },
);
