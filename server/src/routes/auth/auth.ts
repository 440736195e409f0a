import { RATE_LIMITS } from '@formscribe/common/limits';
import { loginRequestSchema, registerRequestSchema, userResponseSchema } from '@formscribe/common/schemas/user';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { presentUser } from '../../presenters/presentUser.ts';
import { authenticate, registerAccount } from '../../services/accounts.ts';
import { rememberLoginSource } from '../../services/knownLoginSources.ts';
import { admitLoginAttempt } from '../../services/loginThrottle.ts';
import { clearSessionCookie, endSession, startSession } from '../../services/sessions.ts';
import { respond } from '../respond.ts';

export const authRouter = new Router<AppState, AppContextExtras>();

authRouter.get('/api/user', (ctx) => {
  respond(ctx, userResponseSchema, presentUser(requireUser(ctx), ctx.deps.config.adminEmail));
});

authRouter.post('/api/login', async (ctx) => {
  const input = parseInput(loginRequestSchema, ctx.request.body);
  // Counted before the password is checked; a wrong password keeps the attempt counted.
  const attempt = await admitLoginAttempt(ctx, input.username);
  const user = await authenticate(input.username, input.password);
  await attempt.succeeded();
  await rememberLoginSource(ctx, user);
  await startSession(ctx, user, input.rememberMe);
  respond(ctx, userResponseSchema, presentUser(user, ctx.deps.config.adminEmail));
});

authRouter.post('/api/register', async (ctx) => {
  const input = parseInput(registerRequestSchema, ctx.request.body);
  // Both windows count every attempt; one refused by either is given back to both.
  await ctx.deps.rateLimiter.reserve([
    { key: `register:ip:burst:${ctx.ip}`, rule: RATE_LIMITS.registerBurstPerIp },
    { key: `register:ip:sustained:${ctx.ip}`, rule: RATE_LIMITS.registerSustainedPerIp },
  ]);
  const user = await registerAccount(ctx.deps, input);
  await rememberLoginSource(ctx, user);
  await startSession(ctx, user, false);
  respond(ctx, userResponseSchema, presentUser(user, ctx.deps.config.adminEmail), 201);
});

authRouter.post('/api/logout', async (ctx) => {
  if (ctx.state.session) {
    await endSession(ctx.state.session.id);
    await ctx.deps.events.dispatch([{ type: 'session-ended', sessionId: ctx.state.session.id }]);
  }
  clearSessionCookie(ctx);
  ctx.status = 204;
});
