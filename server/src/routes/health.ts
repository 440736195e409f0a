import { healthResponseSchema } from '@formscribe/common/schemas/common';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../appTypes.ts';
import { respond } from './respond.ts';

/** For load balancers and the browser-test runner: answers once the app serves requests. */
export const healthRouter = new Router<AppState, AppContextExtras>();

healthRouter.get('/api/health', async (ctx) => {
  await ctx.deps.knex.raw('SELECT 1');
  respond(ctx, healthResponseSchema, { status: 'ok' });
});
