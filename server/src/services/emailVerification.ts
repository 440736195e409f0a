import { VERIFY_TOKEN_TTL_MS } from '@formscribe/common/limits';
import { MESSAGES } from '@formscribe/common/messages';
import type { Knex } from 'knex';
import type { AppDeps } from '../appTypes.ts';
import { badRequest } from '../errors.ts';
import { EmailVerificationToken, User } from '../models/index.ts';
import { consumeAccountToken, issueAccountToken, retireAccountTokens } from './accountTokens.ts';
import { enqueueMail } from './mail/mailJob.ts';
import { verificationEmail } from './mail/templates.ts';

/** Issues a verification link for the user's current address and queues the mail, in `trx`. */
export async function sendVerificationEmail(deps: AppDeps, user: User, trx: Knex.Transaction): Promise<void> {
  await retireAccountTokens(EmailVerificationToken, user.id, trx);
  const token = await issueAccountToken(EmailVerificationToken, user.id, VERIFY_TOKEN_TTL_MS, trx);
  const link = `${deps.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await enqueueMail(deps.jobs, trx, verificationEmail(user.username, user.name, link));
}

export async function verifyEmail(deps: AppDeps, token: string): Promise<User> {
  const user = await deps.knex.transaction(async (trx) => {
    const userId = await consumeAccountToken(EmailVerificationToken, token, trx);
    if (userId === undefined) throw badRequest(MESSAGES.verificationTokenInvalid);
    return User.query(trx).patchAndFetchById(userId, { emailVerified: true, emailVerifiedAt: new Date() });
  });
  // The dashboard banner of every open tab of this user goes away without polling.
  void deps.live.userUpdated(user);
  return user;
}

export async function resendVerification(deps: AppDeps, user: User): Promise<void> {
  if (user.emailVerified) throw badRequest(MESSAGES.alreadyVerified);
  await deps.knex.transaction((trx) => sendVerificationEmail(deps, user, trx));
}
