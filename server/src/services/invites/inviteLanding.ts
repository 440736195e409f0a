import type { InviteLandingResponse } from '@formscribe/common/schemas/invite';
import type { Form, FormInvite } from '../../models/index.ts';

/** Landing figures from the form's counters: image count and percent of images verified. */
export function inviteLanding(form: Form, invite: FormInvite, hasAccess: boolean): InviteLandingResponse {
  // The form's counter columns, kept by delta with every image change.
  const total = form.imageCount;
  const completed = form.completedImageCount;
  return {
    form: {
      id: form.id,
      name: form.name,
      description: form.description,
      organizationName: form.organizationName,
      organizationUrl: form.organizationUrl,
      logoUrl: form.logoUrl,
    },
    imageCount: total,
    completedImages: completed,
    percentVerified: total ? Math.round((completed / total) * 100) : 0,
    invite: { expiresAt: invite.expiresAt ? invite.expiresAt.toISOString() : null },
    hasAccess,
  };
}
