/**
 * Authenticates from the session cookie only. An `Authorization: Bearer <user id>` header (which
 * the spec's client sends) authenticates nobody: identity comes from a secret, never from an id.
 * Who may act is then the policies' question (policies/signedIn.ts first).
 */
import { MAX_ROW_ID } from '@formscribe/common/schemas/common';
import type Koa from 'koa';
import type { AppContext } from '../appTypes.ts';
import { clearSessionCookie, findSession, SESSION_COOKIE, touchSession } from '../services/sessions.ts';

/**
 * Loads the session of the request's cookie, then goes on. `secureCookies` is the app's setting
 * (read by the caller for each request).
 */
export function loadSessionThen(ctx: AppContext, next: Koa.Next, secureCookies: boolean): Promise<void> {
  // An https PUBLIC_URL means browsers reach us over TLS, whatever the proxy forwards: without
  // this, a proxy that does not send X-Forwarded-Proto turns every sign-in into a 500.
  if (secureCookies) ctx.cookies.secure = true;
  // No cookie header, no session: probes and signed-out calls go straight on.
  const token = ctx.get('Cookie') ? ctx.cookies.get(SESSION_COOKIE) : undefined;
  return token ? loadSession(ctx, token, next) : next();
}

/**
 * The form the request's route will load for its policy, if any: the path parameter its declared
 * access names (`formParam`, routes/declared/routePolicies.ts), when it is a row id.
 */
function formIdOfRoute(ctx: AppContext): number | undefined {
  const route = ctx.state.route;
  const param = route?.access.formParam;
  const text = param === undefined ? undefined : route?.params[param];
  if (text === undefined || !/^\d{1,10}$/.test(text)) return undefined;
  const id = Number(text);
  return id >= 1 && id <= MAX_ROW_ID ? id : undefined;
}

async function loadSession(ctx: AppContext, token: string, next: Koa.Next): Promise<void> {
  // Most signed-in requests are about one form: its row and the user's standing come with the
  // session in the same statement, for the route's policy (one round trip fewer per request).
  const formId = formIdOfRoute(ctx);
  const found = await findSession(token, formId);
  if (found) {
    ctx.state.session = found.session;
    ctx.state.user = found.user;
    if (formId !== undefined)
      ctx.state.prefetchedForm = { userId: found.user.id, formId, row: found.formWithStanding ?? null };
    await touchSession(ctx, found.session, token);
  } else {
    clearSessionCookie(ctx);
  }
  await next();
}
