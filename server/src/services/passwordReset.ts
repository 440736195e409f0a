import type { Locale } from '@formscribe/common/i18n/locales';
import { RESET_TOKEN_TTL_MS } from '@formscribe/common/limits';
import { MESSAGES } from '@formscribe/common/messages';
import type { AppDeps } from '../appTypes.ts';
import { badRequest } from '../errors.ts';
import { PasswordResetToken, User } from '../models/index.ts';
import { lockAccount, lockAccountByEmail } from './accountLock.ts';
import { consumeAccountToken, issueAccountToken, peekAccountToken, retireAccountTokens } from './accountTokens.ts';
import { retireCredentialsForNewPassword } from './credentialChanges.ts';
import { inTransaction } from './events/domainEventRecorder.ts';
import type { MailMessage } from './mail/mailer.ts';
import { recipientLocale } from './mail/mailLanguage.ts';
import { passwordResetEmail } from './mail/templates.ts';
import { hashPassword } from './passwords.ts';

/**
 * Asks for a reset mail to `email`, whether or not an account has it: the request does the same
 * work either way (it queues one mail job), so neither the answer nor its timing tells whether the
 * account exists. The mail worker looks the address up and makes the link (composePasswordResetMail).
 * `requestLocale`: the asking browser's language, for an account with none of its own.
 */
export async function requestPasswordReset(deps: AppDeps, email: string, requestLocale?: Locale): Promise<void> {
  const mail = { kind: 'passwordResetRequest' as const, email, ...(requestLocale && { locale: requestLocale }) };
  await deps.events.dispatch([{ type: 'mail', mail }]);
}

/**
 * The reset mail for an account, with a fresh single-use link valid for an hour; any earlier link
 * of theirs is retired. Called by the mail worker at send time; undefined when there is no such
 * account. The account is locked while the link is made, so a change of e-mail or password cannot
 * slip between reading the address and storing the link: the link goes to the address it was
 * made for and dies with the next change (credentialChanges.ts).
 */
export async function composePasswordResetMail(
  deps: AppDeps,
  account: { email: string } | { userId: number },
  requestLocale?: Locale,
): Promise<MailMessage | undefined> {
  const issued = await deps.knex.transaction(async (trx) => {
    const user =
      'email' in account ? await lockAccountByEmail(trx, account.email) : await lockAccount(trx, account.userId);
    if (!user) return undefined;
    await retireAccountTokens(PasswordResetToken, user.id, trx);
    return { user, token: await issueAccountToken(PasswordResetToken, user.id, RESET_TOKEN_TTL_MS, trx) };
  });
  if (!issued) return undefined;
  const link = `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(issued.token)}`;
  return passwordResetEmail(issued.user.username, link, recipientLocale(issued.user, requestLocale));
}

export async function isResetTokenValid(token: string): Promise<boolean> {
  return (await peekAccountToken(PasswordResetToken, token)) !== undefined;
}

/**
 * Sets the new password; every other reset link, session and API token of the account ends. The
 * account is locked before the link is consumed, as a change of password or e-mail locks it
 * before retiring links: of a reset and a change that race, the second sees the first.
 */
export async function resetPassword(deps: AppDeps, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await inTransaction(deps, async (events) => {
    const { trx } = events;
    const linkOwner = await peekAccountToken(PasswordResetToken, token, trx);
    if (linkOwner === undefined || !(await lockAccount(trx, linkOwner))) throw badRequest(MESSAGES.resetTokenInvalid);
    const userId = await consumeAccountToken(PasswordResetToken, token, trx);
    if (userId === undefined) throw badRequest(MESSAGES.resetTokenInvalid);
    await User.query(trx).findById(userId).patch({ password: passwordHash });
    await retireCredentialsForNewPassword(deps, userId, 'reset', trx);
    // Every socket of the account closes once the new password has committed.
    events.record({ type: 'all-sessions-ended', userId });
  });
}
