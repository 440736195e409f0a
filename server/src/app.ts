/** The Koa application; tests build it around their own database (see test/testServer.ts). */

import { MESSAGES } from '@formscribe/common/messages';
import Koa from 'koa';
import type { AppContextExtras, AppDeps, AppState } from './appTypes.ts';
import { requestMetrics } from './metrics/metricsEndpoint.ts';
import { errorHandler } from './middlewares/errors.ts';
import { installRequestLogger, requestContext } from './middlewares/requestContext.ts';
import { requestGates } from './middlewares/requestGates.ts';
import { declaredRoutes } from './routes/declared/declareRoute.ts';
import { routeLookup } from './routes/declared/routeLookup.ts';
import { mountRoutes } from './routes/index.ts';

export function createApp(deps: AppDeps): Koa<AppState, AppContextExtras> {
  // Behind a proxy, only the address it appended (the last X-Forwarded-For entry) is trusted:
  // entries before it come from the client, who could otherwise pick an address per request
  // and walk around the per-address sign-in limits.
  const app = new Koa<AppState, AppContextExtras>({ proxy: deps.config.trustProxy, maxIpsCount: 1 });
  app.context.deps = deps;
  installRequestLogger(app);
  // Errors after the response started (a download the client broke off) end up here, not in errorHandler.
  app.on('error', (error: NodeJS.ErrnoException) => {
    // HPE_INVALID_EOF_STATE: the connection closed in the middle of a request body (a resumable
    // upload's chunk cut off; the client resumes from the offset the server kept).
    const clientWentAway =
      error.code === 'ERR_STREAM_PREMATURE_CLOSE' ||
      error.code === 'ECONNRESET' ||
      error.code === 'HPE_INVALID_EOF_STATE';
    deps.logger[clientWentAway ? 'debug' : 'error']({ err: error }, 'response stream error');
  });

  // Every middleware here runs for every request: each one is cheap, or steps aside at once for
  // the requests it does not concern (docs/architecture.md, "The path of a request").
  app.use(requestContext);
  // Outside errorHandler, so it sees the status errors become; none at all when metrics are off.
  const metrics = requestMetrics(deps.config.metrics, deps.metrics);
  if (metrics) app.use(metrics);
  app.use(errorHandler);
  // Security headers, the built client, origin and body checks, the JSON body and the session.
  // Each request is matched to its declared route once, here; the gates read it and the dispatcher runs it.
  const lookup = routeLookup(declaredRoutes);
  app.use(requestGates(deps, lookup.find));
  mountRoutes(app, lookup);
  app.use(async (ctx, next) => {
    await next();
    if (ctx.path.startsWith('/api/') && ctx.status === 404 && !ctx.body) {
      ctx.status = 404;
      ctx.body = { message: MESSAGES.notFound };
    }
  });
  return app;
}
