import type { Locale } from '@formscribe/common/i18n/locales';
import { VERIFY_TOKEN_TTL_MS } from '@formscribe/common/limits';
import { MESSAGES } from '@formscribe/common/messages';
import type { Knex } from 'knex';
import type { AppDeps } from '../appTypes.ts';
import { badRequest } from '../errors.ts';
import { EmailVerificationToken, User } from '../models/index.ts';
import { consumeAccountToken, issueAccountToken, retireAccountTokens } from './accountTokens.ts';
import { eventsOf, inTransaction } from './events/domainEventRecorder.ts';
import type { MailMessage } from './mail/mailer.ts';
import { recipientLocale } from './mail/mailLanguage.ts';
import { verificationEmail } from './mail/templates.ts';

/**
 * Queues a verification mail for the user's current address, in `trx`. Links sent before stop
 * working now (an address change must not be confirmed by a link mailed to the old one); the new
 * link is made when the mail is sent (composeVerificationMail). `requestLocale`: the language of
 * the browser that asked (a sign-up has no language of its own yet).
 */
export async function sendVerificationEmail(
  deps: AppDeps,
  user: User,
  trx: Knex.Transaction,
  requestLocale?: Locale,
): Promise<void> {
  await retireAccountTokens(EmailVerificationToken, user.id, trx);
  const mail = { kind: 'emailVerification' as const, userId: user.id, ...(requestLocale && { locale: requestLocale }) };
  await eventsOf(deps, trx).record({ type: 'mail', mail });
}

/**
 * The verification mail for a user's address as it is now, with a fresh single-use link; any
 * earlier link is retired. Called by the mail worker at send time; undefined when there is
 * nothing to verify any more (account gone, or address already verified).
 */
export async function composeVerificationMail(
  deps: AppDeps,
  userId: number,
  requestLocale?: Locale,
): Promise<MailMessage | undefined> {
  const user = await User.query().findById(userId);
  if (!user || user.emailVerified) return undefined;
  const token = await deps.knex.transaction(async (trx) => {
    await retireAccountTokens(EmailVerificationToken, user.id, trx);
    return issueAccountToken(EmailVerificationToken, user.id, VERIFY_TOKEN_TTL_MS, trx);
  });
  const link = `${deps.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  return verificationEmail(user.username, user.name, link, recipientLocale(user, requestLocale));
}

export async function verifyEmail(deps: AppDeps, token: string): Promise<User> {
  return inTransaction(deps, async (events) => {
    const userId = await consumeAccountToken(EmailVerificationToken, token, events.trx);
    if (userId === undefined) throw badRequest(MESSAGES.verificationTokenInvalid);
    const user = await User.query(events.trx).patchAndFetchById(userId, {
      emailVerified: true,
      emailVerifiedAt: new Date(),
    });
    // The dashboard banner of every open tab of this user goes away without polling.
    events.record({ type: 'user-updated', user });
    return user;
  });
}

export async function resendVerification(deps: AppDeps, user: User, requestLocale?: Locale): Promise<void> {
  if (user.emailVerified) throw badRequest(MESSAGES.alreadyVerified);
  await deps.knex.transaction((trx) => sendVerificationEmail(deps, user, trx, requestLocale));
}
