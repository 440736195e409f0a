import { MESSAGES } from '@formscribe/common/messages';
import type { AppContext, AppMiddleware } from '../appTypes.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/databaseUnavailable.ts';
import { HttpError } from '../errors.ts';

/**
 * Turns every failure into JSON `{ message, ...flags }`; unexpected ones are logged and hidden.
 * A handler on the chain's promise rather than an async wrapper: requests that succeed (nearly
 * all) pay for no extra promise.
 */
export const errorHandler: AppMiddleware = (ctx, next) => next().catch((error: unknown) => answerError(ctx, error));

function answerError(ctx: AppContext, error: unknown): void {
  if (error instanceof HttpError) {
    ctx.status = error.status;
    ctx.body = { message: error.message, ...error.flags };
    if (error.status === 429 && typeof error.flags.retryAfterSeconds === 'number') {
      ctx.set('Retry-After', String(error.flags.retryAfterSeconds));
    }
    return;
  }
  const status = statusOfLibraryError(error);
  if (status) {
    ctx.status = status;
    ctx.body = { message: status === 413 ? 'Request body too large' : 'Malformed request body' };
    return;
  }
  // PostgreSQL restarting or out of reach: the client should retry soon, not see a server fault.
  if (isDatabaseUnavailable(error)) {
    ctx.log.warn({ err: error }, 'database unavailable');
    ctx.status = 503;
    ctx.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    ctx.body = { message: MESSAGES.databaseUnavailable };
    return;
  }
  ctx.log.error({ err: error }, 'unhandled error');
  ctx.status = 500;
  ctx.body = { message: 'Internal server error' };
}

/** koa-body and friends throw http-errors with a status; a 4xx among them is the client's fault. */
function statusOfLibraryError(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, expose } = error as { status?: unknown; expose?: unknown };
  return typeof status === 'number' && status >= 400 && status < 500 && expose !== false ? status : undefined;
}
