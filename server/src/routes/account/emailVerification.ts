import { RATE_LIMITS } from '@formscribe/common/limits';
import { MESSAGES } from '@formscribe/common/messages';
import { verifyEmailQuerySchema } from '@formscribe/common/schemas/user';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { presentUser } from '../../presenters/presentUser.ts';
import { resendVerification, verifyEmail } from '../../services/emailVerification.ts';

export const emailVerificationRouter = new Router<AppState, AppContextExtras>();

emailVerificationRouter.get('/api/verify-email', async (ctx) => {
  const { token } = parseInput(verifyEmailQuerySchema, ctx.query);
  const user = await verifyEmail(ctx.deps, token);
  ctx.body = { message: MESSAGES.emailVerified, user: presentUser(user, ctx.deps.config.adminEmail) };
});

emailVerificationRouter.post('/api/resend-verification', async (ctx) => {
  const user = requireUser(ctx);
  await ctx.deps.rateLimiter.hit(`resend:account:${user.id}`, RATE_LIMITS.resendVerificationPerAccount);
  await resendVerification(ctx.deps, user);
  ctx.body = { message: MESSAGES.verificationSent };
});
