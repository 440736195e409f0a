/** Password recovery: the reset mail, checking its link's token, and setting the new password. */
import { accountApi } from '@formscribe/common/api/account';
import { RATE_LIMITS } from '@formscribe/common/limits';
import { MESSAGES } from '@formscribe/common/messages';
import { requestLocale } from '../../pageLocale.ts';
import { isResetTokenValid, requestPasswordReset, resetPassword } from '../../services/passwordReset.ts';
import { route } from '../declared/declareRoute.ts';

const TOKEN_IS_THE_SECRET = 'the token is the secret';

route(
  accountApi.forgotPassword,
  { public: 'the reset mail goes to the address, never to the caller' },
  async (ctx, { body: { email } }) => {
    await ctx.deps.rateLimiter.hit(`forgot:ip:${ctx.ip}`, RATE_LIMITS.forgotPasswordPerIp);
    // Keyed by the address typed, whether or not it has an account: the answer never tells.
    await ctx.deps.rateLimiter.hit(`forgot:account:${email}`, RATE_LIMITS.forgotPasswordPerAccount);
    await requestPasswordReset(ctx.deps, email, requestLocale(ctx));
    return { message: MESSAGES.resetLinkSent };
  },
);

route(accountApi.verifyResetToken, { public: TOKEN_IS_THE_SECRET }, async (_ctx, { params }) => ({
  valid: await isResetTokenValid(params.token),
}));

route(accountApi.resetPassword, { public: TOKEN_IS_THE_SECRET }, async (ctx, { body: { token, password } }) => {
  await resetPassword(ctx.deps, token, password);
  return { message: MESSAGES.passwordResetDone };
});
