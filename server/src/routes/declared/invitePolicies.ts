/**
 * The policy of accepting an invitation (`/api/entry/{token}`): the link's token finds an active
 * invite of an active form, which this caller may use (admin-access tokens answer managers only).
 */
import type { AppContext } from '../../appTypes.ts';
import type { Form, FormInvite, User } from '../../models/index.ts';
import { assertMayUseInvite } from '../../policies/index.ts';
import { findUsableInvite } from '../../services/invites/inviteLinks.ts';
import type { RoutePolicy } from './declareRoute.ts';

export interface UsableInvite {
  invite: FormInvite;
  form: Form;
}

/** The invite of the token, if the caller (signed in or not) may use it; a 404 otherwise. */
export async function loadInviteForCaller(
  ctx: AppContext,
  user: User | undefined,
  token: string,
): Promise<UsableInvite> {
  const found = await findUsableInvite(token);
  assertMayUseInvite(ctx, user, found);
  return found;
}

/** The invite of `/api/entry/{token}`, for the signed-in caller. */
export const usableInvite: RoutePolicy<{ params: { token: string } }, UsableInvite> = (ctx, user, { params }) =>
  loadInviteForCaller(ctx, user, params.token);
