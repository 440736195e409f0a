/** Invite links: created and revoked by form managers; accepting one (a POST) grants a signed-in user access. */
import { MESSAGES } from '@formscribe/common/messages';
import { INVALID_INVITATION } from '@formscribe/common/schemas/invite';
import type { Knex } from 'knex';
import { notFound } from '../../errors.ts';
import { Form, FormAccess, FormInvite, type User } from '../../models/index.ts';
import { newSecretToken } from '../secureTokens.ts';

/** Share-dialog links; admin-access tokens (accessType 'owner') are kept out of the list. */
export const SHARED_ACCESS_TYPE = 'anyone';

import { OWNER_ACCESS_TYPE } from '../../models/FormInvite.ts';

export async function listInvites(form: Form): Promise<FormInvite[]> {
  return await FormInvite.query().where({ formId: form.id, accessType: SHARED_ACCESS_TYPE }).orderBy('id', 'desc');
}

export async function createInvite(form: Form, creator: User, expiresAt: Date | null): Promise<FormInvite> {
  return await FormInvite.query().insertAndFetch({
    formId: form.id,
    token: newSecretToken(),
    accessType: SHARED_ACCESS_TYPE,
    requiresEmailVerification: false,
    expiresAt,
    createdById: creator.id,
  });
}

/** Deletes the link; access it already granted stays (form_access.invite_id becomes null). */
export async function deleteInvite(form: Form, inviteId: number): Promise<void> {
  const deleted = await FormInvite.query().where({ id: inviteId, formId: form.id }).delete();
  if (!deleted) throw notFound(MESSAGES.inviteNotFound);
}

/** The live invite for a token and its form, or the spec's invalid-invitation 404. */
export async function findUsableInvite(token: string): Promise<{ invite: FormInvite; form: Form }> {
  const invite = await FormInvite.query().findOne({ token });
  const expired = invite?.expiresAt ? invite.expiresAt.getTime() <= Date.now() : false;
  const form = invite && !expired && invite.isActive ? await Form.query().findById(invite.formId) : undefined;
  if (!invite || !form?.isActive) throw notFound(INVALID_INVITATION);
  return { invite, form };
}

/** Grants access once; accepting the link again changes nothing (unique (form_id, user_id)). */
export async function grantAccessThroughInvite(user: User, invite: FormInvite, trx?: Knex.Transaction): Promise<void> {
  await FormAccess.query(trx)
    .insert({ formId: invite.formId, userId: user.id, inviteId: invite.id })
    .onConflict(['formId', 'userId'])
    .ignore();
}

const ADMIN_ACCESS_TTL_MS = 60 * 60 * 1000;

/** A short-lived token for a manager's own /entry/{token}?imageId= tab; useless to anyone else. */
export async function createAdminAccessToken(form: Form, manager: User): Promise<FormInvite> {
  return await FormInvite.query().insertAndFetch({
    formId: form.id,
    token: newSecretToken(),
    accessType: OWNER_ACCESS_TYPE,
    requiresEmailVerification: false,
    expiresAt: new Date(Date.now() + ADMIN_ACCESS_TTL_MS),
    createdById: manager.id,
  });
}
