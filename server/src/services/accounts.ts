/**
 * Accounts: registering one (its plan and limits from billing/planChange.ts, the one writer of
 * both) and checking a password at sign-in.
 */
import type { Locale } from '@formscribe/common/i18n/locales';
import { MESSAGES } from '@formscribe/common/messages';
import type { AppDeps } from '../appTypes.ts';
import { conflict, isUniqueViolation, unauthorized } from '../errors.ts';
import { User } from '../models/index.ts';
import { NEW_ACCOUNT_PLAN } from './billing/planChange.ts';
import { sendVerificationEmail } from './emailVerification.ts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords.ts';

export interface NewAccount {
  username: string;
  password: string;
  name: string | null;
}

/**
 * Creates the account (on the free plan) and queues its verification mail in one transaction, in
 * the language of the browser that signed up (`requestLocale`).
 */
export async function registerAccount(deps: AppDeps, account: NewAccount, requestLocale?: Locale): Promise<User> {
  const passwordHash = await hashPassword(account.password);
  try {
    return await deps.knex.transaction(async (trx) => {
      const user = await User.query(trx).insertAndFetch({
        username: account.username,
        name: account.name,
        password: passwordHash,
        ...NEW_ACCOUNT_PLAN,
      });
      await sendVerificationEmail(deps, user, trx, requestLocale);
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MESSAGES.usernameTaken);
    throw error;
  }
}

/**
 * The user whose password matches, or a 401 that does not say which part was wrong. A hash made
 * with weaker parameters than today's is redone now, while the password is at hand.
 */
export async function authenticate(username: string, password: string): Promise<User> {
  const user = await User.query().findOne({ username });
  const valid = user ? await verifyPassword(user.password, password) : await verifyAgainstDummy(password);
  if (!user || !valid) throw unauthorized(MESSAGES.invalidCredentials);
  if (!needsRehash(user.password)) return user;
  const passwordHash = await hashPassword(password);
  // Only if the hash is still the one just checked: a password changed meanwhile must win.
  await User.query().findById(user.id).where({ password: user.password }).patch({ password: passwordHash });
  user.password = passwordHash;
  return user;
}
