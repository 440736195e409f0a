/** E-mail verification: following the link from the mail, and asking for a new one. */
import { accountApi } from '@formscribe/common/api/account';
import { RATE_LIMITS } from '@formscribe/common/limits';
import { MESSAGES } from '@formscribe/common/messages';
import { requestLocale } from '../../pageLocale.ts';
import { presentEmailVerified } from '../../presenters/presentUser.ts';
import { resendVerification, verifyEmail } from '../../services/emailVerification.ts';
import { route } from '../declared/declareRoute.ts';

route(accountApi.verifyEmail, { public: 'the token is the secret' }, async (ctx, { query }) => {
  const user = await verifyEmail(ctx.deps, query.token);
  return presentEmailVerified(user, ctx.deps.config.adminEmail, MESSAGES.emailVerified);
});

route(accountApi.resendVerification, { policy: 'self' }, async (ctx, { user }) => {
  await ctx.deps.rateLimiter.hit(`resend:account:${user.id}`, RATE_LIMITS.resendVerificationPerAccount);
  await resendVerification(ctx.deps, user, requestLocale(ctx));
  return { message: MESSAGES.verificationSent };
});
