import { RATE_LIMITS } from '@formscribe/common/limits';
import { MESSAGES } from '@formscribe/common/messages';
import { messageResponseSchema, validTokenResponseSchema } from '@formscribe/common/schemas/common';
import {
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
  tokenParamSchema,
} from '@formscribe/common/schemas/user';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { isResetTokenValid, requestPasswordReset, resetPassword } from '../../services/passwordReset.ts';
import { respond } from '../respond.ts';

export const passwordResetRouter = new Router<AppState, AppContextExtras>();

passwordResetRouter.post('/api/forgot-password', async (ctx) => {
  const { email } = parseInput(forgotPasswordRequestSchema, ctx.request.body);
  await ctx.deps.rateLimiter.hit(`forgot:ip:${ctx.ip}`, RATE_LIMITS.forgotPasswordPerIp);
  // Keyed by the address typed, whether or not it has an account: the answer never tells.
  await ctx.deps.rateLimiter.hit(`forgot:account:${email}`, RATE_LIMITS.forgotPasswordPerAccount);
  await requestPasswordReset(ctx.deps, email);
  respond(ctx, messageResponseSchema, { message: MESSAGES.resetLinkSent });
});

passwordResetRouter.get('/api/verify-reset-token/:token', async (ctx) => {
  const { token } = parseInput(tokenParamSchema, ctx.params);
  respond(ctx, validTokenResponseSchema, { valid: await isResetTokenValid(token) });
});

passwordResetRouter.post('/api/reset-password', async (ctx) => {
  const { token, password } = parseInput(resetPasswordRequestSchema, ctx.request.body);
  await resetPassword(ctx.deps, token, password);
  respond(ctx, messageResponseSchema, { message: MESSAGES.passwordResetDone });
});
