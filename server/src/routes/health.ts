import { healthResponseSchema } from '@formscribe/common/schemas/common';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../appTypes.ts';
import { respond } from './respond.ts';

/**
 * Liveness, for process supervisors and the browser-test runner: the process is up and answers.
 * It touches nothing shared, so a slow or unreachable database never gets a live node restarted;
 * whether the node can do its work is GET /api/ready (ready.ts).
 */
export const healthRouter = new Router<AppState, AppContextExtras>();

healthRouter.get('/api/health', (ctx) => {
  respond(ctx, healthResponseSchema, { status: 'ok' });
});
