import type { AdminAccessResponse, InviteResponse } from '@formscribe/common/schemas/invite';
import type { FormImage, FormInvite } from '../models/index.ts';

export function presentInvite(invite: FormInvite, publicUrl: string): InviteResponse {
  return {
    id: invite.id,
    formId: invite.formId,
    token: invite.token,
    url: `${publicUrl}/invite/${invite.token}`,
    accessType: 'anyone',
    requiresEmailVerification: invite.requiresEmailVerification,
    expiresAt: invite.expiresAt ? invite.expiresAt.toISOString() : null,
    createdAt: invite.createdAt.toISOString(),
    isActive: invite.isActive,
  };
}

/** The manager's short-lived entry token and the image their new tab opens on. */
export function presentAdminAccess(token: FormInvite, image: FormImage): AdminAccessResponse {
  return { token: token.token, imageId: image.id };
}
