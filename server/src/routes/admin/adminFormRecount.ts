/**
 * The administrator's "Recount this form": a form's figures (images, completed images, verified
 * fields) are kept by delta with every image change, so they only drift after a fault. This asks
 * the repair job (services/stats/formRecountJob.ts) to recount them from the images on any node;
 * the job publishes the recounted figures to the form's watchers. 202: the work happens after the
 * answer.
 */
import { idParamSchema } from '@formscribe/common/schemas/common';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { loadFormForAdmin, requireSuperAdmin } from '../../policies/index.ts';
import { enqueueFormFiguresRecount } from '../../services/stats/formRecountJob.ts';

export const adminFormRecountRouter = new Router<AppState, AppContextExtras>();

adminFormRecountRouter.post('/api/admin/forms/:id/recount', async (ctx) => {
  requireSuperAdmin(ctx);
  const { id } = parseInput(idParamSchema, ctx.params);
  const form = await loadFormForAdmin(id);
  await enqueueFormFiguresRecount(ctx.deps, form.id);
  ctx.status = 202;
});
