import { RATE_LIMITS } from '@formscribe/common/limits';
import { MESSAGES } from '@formscribe/common/messages';
import { messageResponseSchema } from '@formscribe/common/schemas/common';
import { emailVerifiedResponseSchema, verifyEmailQuerySchema } from '@formscribe/common/schemas/user';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { presentEmailVerified } from '../../presenters/presentUser.ts';
import { resendVerification, verifyEmail } from '../../services/emailVerification.ts';
import { respond } from '../respond.ts';

export const emailVerificationRouter = new Router<AppState, AppContextExtras>();

emailVerificationRouter.get('/api/verify-email', async (ctx) => {
  const { token } = parseInput(verifyEmailQuerySchema, ctx.query);
  const user = await verifyEmail(ctx.deps, token);
  const { adminEmail } = ctx.deps.config;
  respond(ctx, emailVerifiedResponseSchema, presentEmailVerified(user, adminEmail, MESSAGES.emailVerified));
});

emailVerificationRouter.post('/api/resend-verification', async (ctx) => {
  const user = requireUser(ctx);
  await ctx.deps.rateLimiter.hit(`resend:account:${user.id}`, RATE_LIMITS.resendVerificationPerAccount);
  await resendVerification(ctx.deps, user);
  respond(ctx, messageResponseSchema, { message: MESSAGES.verificationSent });
});
