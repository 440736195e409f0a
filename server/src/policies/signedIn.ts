/**
 * The first question of every policy: who is asking. A request without a signed-in user (no
 * session, or an API token that did not check out) is a 401 before any other rule is asked.
 */
import { MESSAGES } from '@formscribe/common/messages';
import type { AppContext } from '../appTypes.ts';
import { unauthorized } from '../errors.ts';
import type { User } from '../models/index.ts';

/** The signed-in user, or a 401. */
export function requireUser(ctx: AppContext): User {
  const user = ctx.state.user;
  if (!user) throw unauthorized(MESSAGES.notAuthenticated);
  return user;
}
