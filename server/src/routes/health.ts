import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../appTypes.ts';

/** For load balancers and the browser-test runner: answers once the app serves requests. */
export const healthRouter = new Router<AppState, AppContextExtras>();

healthRouter.get('/api/health', async (ctx) => {
  await ctx.deps.knex.raw('SELECT 1');
  ctx.body = { status: 'ok' };
});
