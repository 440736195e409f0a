import { randomUUID } from 'node:crypto';
import type { AppMiddleware } from '../appTypes.ts';

/** Gives each request an id (echoed in X-Request-Id) and a child logger; logs one line per API call. */
export const requestContext: AppMiddleware = async (ctx, next) => {
  const started = performance.now();
  ctx.state.requestId = randomUUID();
  ctx.log = ctx.deps.logger.child({ requestId: ctx.state.requestId });
  ctx.set('X-Request-Id', ctx.state.requestId);
  try {
    await next();
  } finally {
    if (ctx.path.startsWith('/api/')) {
      const durationMs = Math.round(performance.now() - started);
      ctx.log.info({ method: ctx.method, path: ctx.path, status: ctx.status, durationMs }, 'request');
    }
  }
};
