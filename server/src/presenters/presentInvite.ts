import type { InviteResponse } from '@formscribe/common/schemas/invite';
import type { FormInvite } from '../models/index.ts';

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
