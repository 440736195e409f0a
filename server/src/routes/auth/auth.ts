/** Signing in, creating an account, signing out, and the signed-in user. */
import { authApi } from '@formscribe/common/api/auth';
import { RATE_LIMITS } from '@formscribe/common/limits';
import { requestLocale } from '../../pageLocale.ts';
import { presentUser } from '../../presenters/presentUser.ts';
import { authenticate, registerAccount } from '../../services/accounts.ts';
import { rememberLoginSource } from '../../services/knownLoginSources.ts';
import { admitLoginAttempt } from '../../services/loginThrottle.ts';
import { clearSessionCookie, endSession, startSession } from '../../services/sessions.ts';
import { route } from '../declared/declareRoute.ts';

route(authApi.currentUser, { policy: 'self' }, (ctx, { user }) => presentUser(user, ctx.deps.config.adminEmail));

route(authApi.login, { public: 'signing in' }, async (ctx, { body }) => {
  // Counted before the password is checked; a wrong password keeps the attempt counted.
  const attempt = await admitLoginAttempt(ctx, body.username);
  const user = await authenticate(body.username, body.password);
  await attempt.succeeded();
  await rememberLoginSource(ctx, user);
  await startSession(ctx, user, body.rememberMe);
  return presentUser(user, ctx.deps.config.adminEmail);
});

route(authApi.register, { public: 'creating an account' }, async (ctx, { body }) => {
  // Both windows count every attempt; one refused by either is given back to both.
  await ctx.deps.rateLimiter.reserve([
    { key: `register:ip:burst:${ctx.ip}`, rule: RATE_LIMITS.registerBurstPerIp },
    { key: `register:ip:sustained:${ctx.ip}`, rule: RATE_LIMITS.registerSustainedPerIp },
  ]);
  const user = await registerAccount(ctx.deps, body, requestLocale(ctx));
  await rememberLoginSource(ctx, user);
  await startSession(ctx, user, false);
  return presentUser(user, ctx.deps.config.adminEmail);
});

route(authApi.logout, { public: 'ends the caller’s own session, if any' }, async (ctx) => {
  if (ctx.state.session) {
    await endSession(ctx.state.session.id);
    await ctx.deps.events.dispatch([{ type: 'session-ended', sessionId: ctx.state.session.id }]);
  }
  clearSessionCookie(ctx);
});
