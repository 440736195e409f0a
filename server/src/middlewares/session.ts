/**
 * Authenticates from the session cookie only. An `Authorization: Bearer <user id>` header (which
 * the spec's client sends) authenticates nobody: identity comes from a secret, never from an id.
 */
import { MESSAGES } from '@formscribe/common/messages';
import type Koa from 'koa';
import type { AppContext, AppMiddleware } from '../appTypes.ts';
import { unauthorized } from '../errors.ts';
import type { User } from '../models/index.ts';
import { clearSessionCookie, findSession, SESSION_COOKIE, touchSession } from '../services/sessions.ts';

export const sessionLoader: AppMiddleware = (ctx, next) => {
  // An https PUBLIC_URL means browsers reach us over TLS, whatever the proxy forwards: without
  // this, a proxy that does not send X-Forwarded-Proto turns every sign-in into a 500.
  if (ctx.deps.config.secureCookies) ctx.cookies.secure = true;
  // No cookie header, no session: probes and signed-out calls go straight on.
  const token = ctx.get('Cookie') ? ctx.cookies.get(SESSION_COOKIE) : undefined;
  return token ? loadSession(ctx, token, next) : next();
};

async function loadSession(ctx: AppContext, token: string, next: Koa.Next): Promise<void> {
  const found = await findSession(token);
  if (found) {
    ctx.state.session = found.session;
    ctx.state.user = found.user;
    await touchSession(ctx, found.session, token);
  } else {
    clearSessionCookie(ctx);
  }
  await next();
}

/** The signed-in user, or a 401. */
export function requireUser(ctx: AppContext): User {
  const user = ctx.state.user;
  if (!user) throw unauthorized(MESSAGES.notAuthenticated);
  return user;
}
