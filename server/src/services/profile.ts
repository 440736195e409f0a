import type { Locale } from '@formscribe/common/i18n/locales';
import { RATE_LIMITS } from '@formscribe/common/limits';
import { MESSAGES } from '@formscribe/common/messages';
import type { Knex } from 'knex';
import type { AppContext } from '../appTypes.ts';
import { badRequest, conflict, isUniqueViolation, unauthorized } from '../errors.ts';
import { User } from '../models/index.ts';
import { lockAccount } from './accountLock.ts';
import { retireCredentialsForNewPassword, retireResetLinks } from './credentialChanges.ts';
import { sendVerificationEmail } from './emailVerification.ts';
import { eventsOf, inTransaction } from './events/domainEventRecorder.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { startSession } from './sessions.ts';

export interface ProfileChanges {
  username: string;
  name: string | null;
  currentPassword?: string | undefined;
  /** Sent with the details by the profile page; absent leaves the stored language as it is. */
  locale?: Locale | null | undefined;
}

/**
 * Updates name and e-mail; a new e-mail must be verified again, so a link goes to it. Changing
 * the e-mail hands the account (sign-in, password resets) to another address, so it takes the
 * current password: a borrowed or stolen session alone must not be enough. Reset links mailed
 * to the old address stop working with the change.
 */
export async function updateProfile(ctx: AppContext, user: User, changes: ProfileChanges, requestLocale?: Locale) {
  const { deps } = ctx;
  const emailChanged = changes.username !== user.username;
  if (emailChanged && user.username === deps.config.adminEmail) {
    throw badRequest(MESSAGES.adminEmailFixed);
  }
  if (emailChanged) {
    if (!changes.currentPassword) throw badRequest(MESSAGES.currentPasswordRequiredForEmail);
    await confirmCurrentPassword(ctx, user, changes.currentPassword);
  }
  try {
    return await deps.knex.transaction(async (trx) => {
      if (emailChanged && changes.currentPassword) {
        await lockConfirmedAccount(trx, user, changes.currentPassword);
        await retireResetLinks(user.id, trx);
      }
      const updated = await User.query(trx).patchAndFetchById(user.id, {
        name: changes.name,
        ...(changes.locale !== undefined ? { locale: changes.locale } : {}),
        ...(emailChanged ? { username: changes.username, emailVerified: false, emailVerifiedAt: null } : {}),
      });
      if (emailChanged) await sendVerificationEmail(deps, updated, trx, requestLocale);
      eventsOf(deps, trx).record({ type: 'user-updated', user: updated });
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MESSAGES.usernameTaken);
    throw error;
  }
}

/**
 * Stores the interface language the user chose (null: follow each browser's), nothing else. It
 * follows them to their other tabs and devices (the user-updated event) and to their mail.
 */
export function updateLocale(deps: AppContext['deps'], user: User, locale: Locale | null): Promise<User> {
  return inTransaction(deps, async (events) => {
    const updated = await User.query(events.trx).patchAndFetchById(user.id, { locale });
    events.record({ type: 'user-updated', user: updated });
    return updated;
  });
}

/**
 * Changes the password after checking the current one. Every reset link and session of the
 * account ends (credentialChanges.ts); this browser gets a fresh session so the user stays
 * signed in here.
 */
export async function changePassword(ctx: AppContext, user: User, currentPassword: string, newPassword: string) {
  await confirmCurrentPassword(ctx, user, currentPassword);
  const passwordHash = await hashPassword(newPassword);
  const persistent = ctx.state.session?.persistent ?? false;
  await ctx.deps.knex.transaction(async (trx) => {
    await lockConfirmedAccount(trx, user, currentPassword);
    const updated = await User.query(trx).patchAndFetchById(user.id, { password: passwordHash });
    await retireCredentialsForNewPassword(ctx.deps, user.id, 'changed', trx);
    await startSession(ctx, updated, persistent, trx);
  });
  // Every socket of the account closes; this tab reconnects with its new session. Only once the
  // response (with the new cookie) is out: a tab told first would ask who it is with the old cookie.
  ctx.res.once('finish', () => void ctx.deps.events.dispatch([{ type: 'all-sessions-ended', userId: user.id }]));
}

/**
 * A 400 unless `password` is the account's. Guesses are counted before the check, like sign-ins,
 * so a session cannot be used to try passwords without limit; a right one is given back.
 */
async function confirmCurrentPassword(ctx: AppContext, user: User, password: string): Promise<void> {
  const reservation = await ctx.deps.rateLimiter.reserve([
    { key: `current-password:account:${user.id}`, rule: RATE_LIMITS.currentPasswordPerAccount },
  ]);
  if (!(await verifyPassword(user.password, password))) throw badRequest(MESSAGES.currentPasswordWrong);
  await reservation.release();
}

/**
 * Locks the account for a change its current password was confirmed for (credentialChanges.ts).
 * Should the password have changed since (a reset racing this request), the confirmation is
 * checked again against the new one, so a reset and a change cannot both go through.
 */
async function lockConfirmedAccount(trx: Knex.Transaction, user: User, currentPassword: string): Promise<void> {
  const locked = await lockAccount(trx, user.id);
  if (!locked) throw unauthorized(MESSAGES.notAuthenticated);
  if (locked.password !== user.password && !(await verifyPassword(locked.password, currentPassword))) {
    throw badRequest(MESSAGES.currentPasswordWrong);
  }
}

export async function completeTutorial(user: User, kind: 'owner' | 'dataEntry'): Promise<User> {
  const patch = kind === 'owner' ? { hasCompletedTutorial: true } : { hasCompletedDataEntryTutorial: true };
  return await User.query().patchAndFetchById(user.id, patch);
}
