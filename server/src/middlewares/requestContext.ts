import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import type { AppContext, AppContextExtras, AppDeps, AppMiddleware, AppState } from '../appTypes.ts';
import type { Logger } from '../logger.ts';
import { redactPath, redactQuery } from './loggedUrl.ts';

/**
 * Gives each request an id (echoed in X-Request-Id) and logs one line per API call when it ends,
 * with the secrets some URLs carry redacted (loggedUrl.ts). The line is built only when its level
 * is on, and pino writes it asynchronously (logger.ts), so logging never holds up the loop.
 */
export const requestContext: AppMiddleware = (ctx, next) => {
  // randomUUID draws from a cached pool (about 0.1 µs); a counter would save a fraction of
  // that and tell every client how many requests the node served between two of its ids.
  const requestId = randomUUID();
  ctx.state.requestId = requestId;
  ctx.res.setHeader('X-Request-Id', requestId);
  // The app's logger, not the request's child: the line carries the id itself. With request lines
  // off (LOG_LEVEL above info) there is nothing to do after the request.
  const { logger } = (ctx as WithRequestLogger)[APP_DEPS];
  return logger.isLevelEnabled('info') ? logRequest(ctx, next, logger, requestId) : next();
};

async function logRequest(ctx: AppContext, next: Koa.Next, logger: Logger, requestId: string): Promise<void> {
  const started = performance.now();
  try {
    await next();
  } finally {
    // Case-insensitive like the router: /API/... reaches the same handlers.
    if (ctx.path.toLowerCase().startsWith('/api/')) {
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
}

const REQUEST_LOGGER = Symbol('requestLogger');
const REQUEST_DEPS = Symbol('requestDeps');
const APP_DEPS = Symbol('appDeps');
const CONTEXT = Symbol('context');
type WithRequestLogger = AppContext & { [REQUEST_LOGGER]?: Logger; [REQUEST_DEPS]?: AppDeps; [APP_DEPS]: AppDeps };
type RequestDeps = AppDeps & { [CONTEXT]: AppContext };

/**
 * `ctx.log`: a child of the app's logger carrying the request id, made the first time a handler
 * logs. Most requests never do (their one line above needs no child), so they skip its cost.
 *
 * `ctx.deps`: the app's deps as the request's services see them: everything read through from
 * the app's own (so a logger or setting swapped there is seen at once), except `logger`, which is
 * `ctx.log`. A line a service writes while serving the request then names it too. Made on first
 * use: one small object per request.
 */
export function installRequestLogger(app: Koa<AppState, AppContextExtras>): void {
  const appDeps = app.context.deps;
  Object.defineProperty(app.context, APP_DEPS, { value: appDeps });
  Object.defineProperty(app.context, 'log', {
    configurable: true,
    get(this: WithRequestLogger): Logger {
      this[REQUEST_LOGGER] ??= appDeps.logger.child({ requestId: this.state.requestId });
      return this[REQUEST_LOGGER];
    },
    set(this: WithRequestLogger, logger: Logger) {
      this[REQUEST_LOGGER] = logger;
    },
  });
  const requestDepsPrototype: AppDeps = Object.create(appDeps, {
    logger: {
      get(this: RequestDeps): Logger {
        return this[CONTEXT].log;
      },
    },
  });
  Object.defineProperty(app.context, 'deps', {
    configurable: true,
    get(this: WithRequestLogger): AppDeps {
      if (this[REQUEST_DEPS]) return this[REQUEST_DEPS];
      const deps = Object.create(requestDepsPrototype) as RequestDeps;
      deps[CONTEXT] = this;
      this[REQUEST_DEPS] = deps;
      return deps;
    },
  });
}

/**
 * The app's own deps, for per-request code that reads only settings: `ctx.deps` makes the
 * request's own object on first use, which such code has no need of.
 */
export function appDepsOf(ctx: AppContext): AppDeps {
  return (ctx as WithRequestLogger)[APP_DEPS];
}
