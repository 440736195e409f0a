import { RESET_TOKEN_TTL_MS } from '@formscribe/common/limits';
import { MESSAGES } from '@formscribe/common/messages';
import type { AppDeps } from '../appTypes.ts';
import { badRequest } from '../errors.ts';
import { PasswordResetToken, User } from '../models/index.ts';
import { consumeAccountToken, issueAccountToken, peekAccountToken, retireAccountTokens } from './accountTokens.ts';
import type { MailMessage } from './mail/mailer.ts';
import { enqueueMail } from './mail/mailJob.ts';
import { passwordResetEmail } from './mail/templates.ts';
import { hashPassword } from './passwords.ts';
import { endAllSessions } from './sessions.ts';

/**
 * Mails a reset link if the account exists; the caller answers the same either way. Older links
 * stop working now; the new link is made when the mail is sent (composePasswordResetMail).
 */
export async function requestPasswordReset(deps: AppDeps, email: string): Promise<void> {
  const user = await User.query().findOne({ username: email });
  if (!user) return;
  await deps.knex.transaction(async (trx) => {
    await retireAccountTokens(PasswordResetToken, user.id, trx);
    await enqueueMail(deps.jobs, trx, { kind: 'passwordReset', userId: user.id });
  });
}

/**
 * The reset mail for a user, with a fresh single-use link valid for an hour; any earlier link
 * of theirs is retired. Called by the mail worker at send time; undefined if the account is gone.
 */
export async function composePasswordResetMail(deps: AppDeps, userId: number): Promise<MailMessage | undefined> {
  const user = await User.query().findById(userId);
  if (!user) return undefined;
  const token = await deps.knex.transaction(async (trx) => {
    await retireAccountTokens(PasswordResetToken, user.id, trx);
    return issueAccountToken(PasswordResetToken, user.id, RESET_TOKEN_TTL_MS, trx);
  });
  const link = `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return passwordResetEmail(user.username, link);
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
