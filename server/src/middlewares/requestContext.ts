import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import type { AppContext, AppContextExtras, AppMiddleware, AppState } from '../appTypes.ts';
import type { Logger } from '../logger.ts';
import { redactPath, redactQuery } from './loggedUrl.ts';

/**
 * Gives each request an id (echoed in X-Request-Id) and logs one line per API call when it ends,
 * with the secrets some URLs carry redacted (loggedUrl.ts). The line is built only when its level
 * is on, and pino writes it asynchronously (logger.ts), so logging never holds up the loop.
 */
export const requestContext: AppMiddleware = async (ctx, next) => {
  const started = performance.now();
  const requestId = randomUUID();
  ctx.state.requestId = requestId;
  ctx.set('X-Request-Id', requestId);
  try {
    await next();
  } finally {
    const { logger } = ctx.deps;
    // Case-insensitive like the router: /API/... reaches the same handlers.
    if (logger.isLevelEnabled('info') && ctx.path.toLowerCase().startsWith('/api/')) {
      const durationMs = Math.round(performance.now() - started);
      const query = redactQuery(ctx.querystring);
      logger.info(
        {
          requestId,
          method: ctx.method,
          path: redactPath(ctx.path),
          ...(query ? { query } : {}),
          status: ctx.status,
          durationMs,
        },
        'request',
      );
    }
  }
};

const REQUEST_LOGGER = Symbol('requestLogger');
type WithRequestLogger = AppContext & { [REQUEST_LOGGER]?: Logger };

/**
 * `ctx.log`: a child of the app's logger carrying the request id, made the first time a handler
 * logs. Most requests never do (their one line above needs no child), so they skip its cost.
 */
export function installRequestLogger(app: Koa<AppState, AppContextExtras>): void {
  Object.defineProperty(app.context, 'log', {
    configurable: true,
    get(this: WithRequestLogger): Logger {
      this[REQUEST_LOGGER] ??= this.deps.logger.child({ requestId: this.state.requestId });
      return this[REQUEST_LOGGER];
    },
    set(this: WithRequestLogger, logger: Logger) {
      this[REQUEST_LOGGER] = logger;
    },
  });
}
