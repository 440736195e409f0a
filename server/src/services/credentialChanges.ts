/**
 * Every credential follows the account. A password change, a password reset and a change of
 * e-mail are the moments an account may change hands, so nothing issued before them may outlive
 * them: reset links mailed to the old address, sessions, and API tokens that whoever held the
 * account could have made.
 *
 * Each of those changes runs in one transaction that first locks the user's row (accountLock.ts).
 * Whatever else issues or uses a credential takes the same lock first: the reset that consumes
 * a link, the mail worker that issues one, the creation of an API token. So none of them can
 * interleave with a change; whichever commits second sees what the first did.
 */
import type { Knex } from 'knex';
import type { AppDeps } from '../appTypes.ts';
import { PasswordResetToken } from '../models/index.ts';
import { retireAccountTokens } from './accountTokens.ts';
import { revokeAllApiTokens } from './apiTokens/apiTokenStore.ts';
import { eventsOf } from './events/domainEventRecorder.ts';
import type { PasswordChangeKind } from './mail/mailJob.ts';
import { endAllSessions } from './sessions.ts';

/**
 * After a new password is stored (in the same `trx`, with the account locked): every reset link,
 * session and API token of the account ends, and a mail tells the owner what happened.
 */
export async function retireCredentialsForNewPassword(
  deps: AppDeps,
  userId: number,
  how: PasswordChangeKind,
  trx: Knex.Transaction,
): Promise<void> {
  await retireAccountTokens(PasswordResetToken, userId, trx);
  await endAllSessions(userId, trx);
  const revokedApiTokens = await revokeAllApiTokens(userId, trx);
  await eventsOf(deps, trx).record({ type: 'mail', mail: { kind: 'passwordChanged', userId, how, revokedApiTokens } });
}

/**
 * After the account moves to a new e-mail address (same `trx`, account locked): reset links mailed
 * to the old address stop working. Verification links are retired by the new verification mail.
 */
export async function retireResetLinks(userId: number, trx: Knex.Transaction): Promise<void> {
  await retireAccountTokens(PasswordResetToken, userId, trx);
}
