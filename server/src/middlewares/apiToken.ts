/**
 * Authentication for the public API (/api/v1): a personal access token in
 * `Authorization: Bearer <token>`, and nothing else. The session cookie is ignored here (whatever
 * the session loader found is dropped), so a forged cross-site request carrying the cookie gets a
 * 401 and CSRF cannot apply; the spec's `Bearer <user id>` is not a token and gets a 401 without a
 * lookup. Tokens in turn work nowhere else: the session loader reads cookies only.
 *
 * In order: the token (401), its rate limits per token and per account across nodes (429, with
 * RateLimit-* headers on every answer), its owner's plan (402: tokens are kept through a
 * downgrade), its scope (403).
 */
import { MESSAGES } from '@formscribe/common/messages';
import {
  API_ACCOUNT_RATE_LIMIT,
  API_RATE_LIMIT,
  API_TOKEN_PREFIX,
  type ApiTokenScope,
} from '@formscribe/common/schemas/apiTokens';
import type { AppContext, AppMiddleware } from '../appTypes.ts';
import { forbidden, HttpError, unauthorized } from '../errors.ts';
import type { ApiToken } from '../models/ApiToken.ts';
import type { User } from '../models/index.ts';
import { requireFeature } from '../policies/entitlements.ts';
import { findApiToken, isExpired, recordApiTokenUse } from '../services/apiTokens/apiTokenStore.ts';
import type { RateRule } from '../services/rateLimiter.ts';

/** Who calls: the token's owner, and the token (its scope decides writes). */
export interface ApiCaller {
  user: User;
  token: ApiToken;
}

const callers = new WeakMap<AppContext, ApiCaller>();

/** Bearer tokens are opaque: anything but one run of token characters is not one. */
const BEARER = /^Bearer +([A-Za-z0-9._~+/=-]+)$/;

function presentedToken(ctx: AppContext): string | undefined {
  return BEARER.exec(ctx.get('Authorization').trim())?.[1];
}

/**
 * Counts the call against the token's window, then the account's (API_ACCOUNT_RATE_LIMIT: a token
 * revoked and made again must not renew the account's allowance), and says where the nearer of
 * the two stands in the RateLimit-* headers (IETF draft). A call the token's own limit refuses
 * is not counted against the account, so one hammered token does not starve the others.
 */
async function countCall(ctx: AppContext, token: ApiToken): Promise<void> {
  const { rateLimiter } = ctx.deps;
  const byToken = await rateLimiter.increment(`api-token:${token.id}`, API_RATE_LIMIT);
  let binding: { rule: RateRule; counter: typeof byToken } = { rule: API_RATE_LIMIT, counter: byToken };
  if (byToken.count <= API_RATE_LIMIT.limit) {
    const byAccount = await rateLimiter.increment(`api-account:${token.userId}`, API_ACCOUNT_RATE_LIMIT);
    const accountLeft = API_ACCOUNT_RATE_LIMIT.limit - byAccount.count;
    if (accountLeft < API_RATE_LIMIT.limit - byToken.count)
      binding = { rule: API_ACCOUNT_RATE_LIMIT, counter: byAccount };
  }
  const { rule, counter } = binding;
  const resetSeconds = Math.max(0, Math.ceil((new Date(counter.resetAt).getTime() - Date.now()) / 1000));
  ctx.set('RateLimit-Limit', String(rule.limit));
  ctx.set('RateLimit-Remaining', String(Math.max(0, rule.limit - counter.count)));
  ctx.set('RateLimit-Reset', String(resetSeconds));
  if (counter.count > rule.limit) {
    throw new HttpError(429, MESSAGES.tooManyRequests, { retryAfterSeconds: Math.max(1, resetSeconds) });
  }
}

/** Authenticates the call by its token, which must allow `scope`; the route runs with the token's owner. */
export function apiTokenAuth(scope: ApiTokenScope): AppMiddleware {
  return async (ctx, next) => {
    ctx.state.user = undefined;
    ctx.state.session = undefined;
    const secret = presentedToken(ctx);
    if (!secret) {
      ctx.set('WWW-Authenticate', 'Bearer realm="formscribe"');
      throw unauthorized(MESSAGES.apiTokenMissing);
    }
    const found = secret.startsWith(API_TOKEN_PREFIX) ? await findApiToken(secret) : undefined;
    if (!found) throw unauthorized(MESSAGES.apiTokenInvalid);
    const { token, user } = found;
    if (isExpired(token)) throw unauthorized(MESSAGES.apiTokenExpired);
    await countCall(ctx, token);
    requireFeature(ctx, user, 'api');
    if (scope === 'read_write' && token.scope !== 'read_write') throw forbidden(MESSAGES.apiTokenReadOnly);
    await recordApiTokenUse(token);
    ctx.state.user = user;
    callers.set(ctx, { user, token });
    await next();
  };
}

/** The caller of a /api/v1 route: only apiTokenAuth sets one, so a route without it answers 401. */
export function apiCaller(ctx: AppContext): ApiCaller {
  const caller = callers.get(ctx);
  if (!caller) throw unauthorized(MESSAGES.apiTokenMissing);
  return caller;
}

/** For routes whose need depends on the input (an export that stamps rows): 403 for a read-only token. */
export function requireWriteScope(caller: ApiCaller): void {
  if (caller.token.scope !== 'read_write') throw forbidden(MESSAGES.apiTokenReadOnly);
}
