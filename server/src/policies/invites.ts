/**
 * Who may use an invite link. Ordinary links are capabilities: whoever holds one may join. An
 * admin-access token (accessType 'owner') works only for the form's managers; anyone else gets
 * the same 404 as for an unknown link, so its existence is not revealed.
 */
import { INVALID_INVITATION } from '@formscribe/common/schemas/invite';
import { notFound } from '../errors.ts';
import { OWNER_ACCESS_TYPE } from '../models/FormInvite.ts';
import type { Form, FormInvite, User } from '../models/index.ts';
import { canManageForm, type PolicyContext } from './forms.ts';

export function assertMayUseInvite(
  ctx: PolicyContext,
  user: User | undefined,
  found: { invite: FormInvite; form: Form },
): void {
  if (found.invite.accessType !== OWNER_ACCESS_TYPE) return;
  if (!(user && canManageForm(ctx, user, found.form))) throw notFound(INVALID_INVITATION);
}

/** Managers reach their form without an access row; everyone else joins by accepting the link. */
export function needsAccessThroughInvite(ctx: PolicyContext, user: User, form: Form): boolean {
  return !canManageForm(ctx, user, form);
}
