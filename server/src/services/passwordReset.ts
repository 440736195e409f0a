import { RESET_TOKEN_TTL_MS } from '@formscribe/common/limits';
import { MESSAGES } from '@formscribe/common/messages';
import type { AppDeps } from '../appTypes.ts';
import { badRequest } from '../errors.ts';
import { PasswordResetToken, User } from '../models/index.ts';
import { consumeAccountToken, issueAccountToken, peekAccountToken, retireAccountTokens } from './accountTokens.ts';
import { enqueueMail } from './mail/mailJob.ts';
import { passwordResetEmail } from './mail/templates.ts';
import { hashPassword } from './passwords.ts';
import { endAllSessions } from './sessions.ts';

/** Mails a reset link if the account exists; the caller answers the same either way. */
export async function requestPasswordReset(deps: AppDeps, email: string): Promise<void> {
  const user = await User.query().findOne({ username: email });
  if (!user) return;
  await deps.knex.transaction(async (trx) => {
    await retireAccountTokens(PasswordResetToken, user.id, trx);
    const token = await issueAccountToken(PasswordResetToken, user.id, RESET_TOKEN_TTL_MS, trx);
    const link = `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await enqueueMail(deps.jobs, trx, passwordResetEmail(user.username, link));
  });
}

export async function isResetTokenValid(token: string): Promise<boolean> {
  return (await peekAccountToken(PasswordResetToken, token)) !== undefined;
}

/** Sets the new password and ends every session of the account. */
export async function resetPassword(deps: AppDeps, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await deps.knex
    .transaction(async (trx) => {
      const userId = await consumeAccountToken(PasswordResetToken, token, trx);
      if (userId === undefined) throw badRequest(MESSAGES.resetTokenInvalid);
      await User.query(trx).findById(userId).patch({ password: passwordHash });
      await endAllSessions(userId, trx);
      return userId;
    })
    .then((userId) => deps.live.allSessionsEnded(userId));
}
