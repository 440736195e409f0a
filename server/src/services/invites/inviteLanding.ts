import type { InviteLandingResponse } from '@formscribe/common/schemas/invite';
import { type Form, FormImage, type FormInvite } from '../../models/index.ts';

/** Landing figures from stored per-image state: image count and percent of images verified. */
export async function inviteLanding(
  form: Form,
  invite: FormInvite,
  hasAccess: boolean,
): Promise<InviteLandingResponse> {
  const counts = (await FormImage.query()
    .where({ formId: form.id })
    .select(
      FormImage.raw('count(*)::int as total'),
      FormImage.raw('count(*) filter (where is_complete)::int as completed'),
    )
    .first()) as unknown as { total: number; completed: number } | undefined;
  const total = counts?.total ?? 0;
  const completed = counts?.completed ?? 0;
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
