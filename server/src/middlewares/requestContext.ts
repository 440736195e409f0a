import { randomUUID } from 'node:crypto';
import type { AppMiddleware } from '../appTypes.ts';
import { redactPath, redactQuery } from './loggedUrl.ts';

/**
 * Gives each request an id (echoed in X-Request-Id) and a child logger; logs one line per API
 * call, with the secrets some URLs carry redacted (loggedUrl.ts).
 */
export const requestContext: AppMiddleware = async (ctx, next) => {
  const started = performance.now();
  ctx.state.requestId = randomUUID();
  ctx.log = ctx.deps.logger.child({ requestId: ctx.state.requestId });
  ctx.set('X-Request-Id', ctx.state.requestId);
  try {
    await next();
  } finally {
    // Case-insensitive like the router: /API/... reaches the same handlers.
    if (ctx.path.toLowerCase().startsWith('/api/')) {
      const durationMs = Math.round(performance.now() - started);
      const query = redactQuery(ctx.querystring);
      ctx.log.info(
        { method: ctx.method, path: redactPath(ctx.path), ...(query ? { query } : {}), status: ctx.status, durationMs },
        'request',
      );
    }
  }
};
