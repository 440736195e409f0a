/**
 * GET /api/forms/{id}/dashboard: the first screen of the owner's Dashboard tab (figures, user
 * count, top contributors) in one request instead of three, for managers only, like the reads
 * it gathers (formStats.ts), which stay for everything that refreshes one of them.
 */
import { idParamSchema } from '@formscribe/common/schemas/common';
import { formDashboardQuerySchema, formDashboardResponseSchema } from '@formscribe/common/schemas/formDashboard';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { loadManagedForm } from '../../policies/index.ts';
import { formDashboard } from '../../services/stats/formDashboard.ts';
import { respond } from '../respond.ts';

export const formDashboardRouter = new Router<AppState, AppContextExtras>();

formDashboardRouter.get('/api/forms/:id/dashboard', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  // The policy answers before the query is checked, as for GET leaderboard: only managers learn more.
  const form = await loadManagedForm(ctx, requireUser(ctx), id);
  const { limit } = parseInput(formDashboardQuerySchema, ctx.query);
  respond(ctx, formDashboardResponseSchema, await formDashboard(ctx.deps.knex, form, limit));
});
