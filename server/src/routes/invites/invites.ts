/**
 * A form's invite links (its managers list, create and delete them), the invite landing and its
 * acceptance (the link's token is the secret), and the admin access token for one image.
 */
import { invitesApi } from '@formscribe/common/api/invites';
import { MESSAGES } from '@formscribe/common/messages';
import { ENTRY_IMAGE_LIST_LIMIT } from '@formscribe/common/schemas/submission';
import { notFound } from '../../errors.ts';
import { type Form, FormImage, type FormInvite } from '../../models/index.ts';
import { canViewForm, needsAccessThroughInvite } from '../../policies/index.ts';
import { presentEntryImageSummary } from '../../presenters/presentEntry.ts';
import { presentAdminAccess, presentInvite } from '../../presenters/presentInvite.ts';
import { listFormImages } from '../../services/images/imagePages.ts';
import { inviteLanding } from '../../services/invites/inviteLanding.ts';
import {
  createAdminAccessToken,
  createInvite,
  deleteInvite,
  grantAccessThroughInvite,
  listInvites,
} from '../../services/invites/inviteLinks.ts';
import { route } from '../declared/declareRoute.ts';
import { loadInviteForCaller, usableInvite } from '../declared/invitePolicies.ts';
import { managedForm } from '../declared/routePolicies.ts';

route(invitesApi.listInvites, { policy: managedForm }, async (ctx, { resource: form }) =>
  (await listInvites(form)).map((invite) => presentInvite(invite, ctx.deps.config.publicUrl)),
);

route(invitesApi.createInvite, { policy: managedForm }, async (ctx, { user, body, resource: form }) =>
  presentInvite(await createInvite(form, user, body.expiresAt), ctx.deps.config.publicUrl),
);

route(invitesApi.deleteInvite, { policy: managedForm }, async (_ctx, { params, resource: form }) => {
  await deleteInvite(form, params.inviteId);
});

/** The landing's counts for everyone; the form's images too (the spec's `images`) for a caller with access. */
async function landingFor(form: Form, invite: FormInvite, hasAccess: boolean) {
  const landing = inviteLanding(form, invite, hasAccess);
  if (!hasAccess) return landing;
  const { images } = await listFormImages(form, 1, ENTRY_IMAGE_LIST_LIMIT);
  return { ...landing, images: images.map(presentEntryImageSummary) };
}

/**
 * The invite landing's data, strictly read-only. A page on another site can navigate a signed-in
 * visitor here (SameSite=Lax cookies travel with top-level navigations), so opening a link must
 * never add anyone to a form: that takes the POST below.
 */
route(
  invitesApi.inviteLanding,
  { public: 'invite landing: the link is the secret (admin tokens answer managers only)' },
  async (ctx, { user, params }) => {
    const { invite, form } = await loadInviteForCaller(ctx, user, params.token);
    const hasAccess = user ? await canViewForm(ctx, user, form) : false;
    return await landingFor(form, invite, hasAccess);
  },
);

/**
 * Accepting the invitation: the signed-in caller joins the form. A state-changing method, so the
 * app's origin check has already refused it when it came from another site.
 */
route(invitesApi.acceptInvite, { policy: usableInvite }, async (ctx, { user, resource: { invite, form } }) => {
  if (needsAccessThroughInvite(ctx, user, form)) await grantAccessThroughInvite(user, invite);
  return await landingFor(form, invite, true);
});

route(invitesApi.createAdminAccess, { policy: managedForm }, async (_ctx, { user, body, resource: form }) => {
  const image = await FormImage.query().findOne({ id: body.imageId, formId: form.id });
  if (!image) throw notFound(MESSAGES.imageNotFound);
  return presentAdminAccess(await createAdminAccessToken(form, user), image);
});
