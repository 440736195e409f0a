import { MESSAGES } from '@formscribe/common/messages';
import type { AppContext } from '../appTypes.ts';
import { badRequest, conflict, isUniqueViolation } from '../errors.ts';
import { User } from '../models/index.ts';
import { sendVerificationEmail } from './emailVerification.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { endAllSessions, startSession } from './sessions.ts';

/** Updates name and e-mail; a new e-mail must be verified again, so a link goes to it. */
export async function updateProfile(ctx: AppContext, user: User, changes: { username: string; name: string | null }) {
  const { deps } = ctx;
  const emailChanged = changes.username !== user.username;
  if (emailChanged && user.username === deps.config.adminEmail) {
    throw badRequest('The administrator e-mail address is set by ADMIN_EMAIL and cannot be changed here.');
  }
  try {
    return await deps.knex
      .transaction(async (trx) => {
        const updated = await User.query(trx).patchAndFetchById(user.id, {
          name: changes.name,
          ...(emailChanged ? { username: changes.username, emailVerified: false, emailVerifiedAt: null } : {}),
        });
        if (emailChanged) await sendVerificationEmail(deps, updated, trx);
        return updated;
      })
      .then((updated) => {
        void deps.live.userUpdated(updated);
        return updated;
      });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MESSAGES.usernameTaken);
    throw error;
  }
}

/**
 * Changes the password after checking the current one. Every session of the account ends; this
 * browser gets a fresh one so the user stays signed in here.
 */
export async function changePassword(ctx: AppContext, user: User, currentPassword: string, newPassword: string) {
  if (!(await verifyPassword(user.password, currentPassword))) throw badRequest(MESSAGES.currentPasswordWrong);
  const passwordHash = await hashPassword(newPassword);
  const persistent = ctx.state.session?.persistent ?? false;
  await ctx.deps.knex.transaction(async (trx) => {
    const updated = await User.query(trx).patchAndFetchById(user.id, { password: passwordHash });
    await endAllSessions(user.id, trx);
    await startSession(ctx, updated, persistent, trx);
  });
  // Every socket of the account closes; this tab reconnects with its new session. Only once the
  // response (with the new cookie) is out: a tab told first would ask who it is with the old cookie.
  ctx.res.once('finish', () => ctx.deps.live.allSessionsEnded(user.id));
}

export async function completeTutorial(user: User, kind: 'owner' | 'dataEntry'): Promise<User> {
  const patch = kind === 'owner' ? { hasCompletedTutorial: true } : { hasCompletedDataEntryTutorial: true };
  return await User.query().patchAndFetchById(user.id, patch);
}
