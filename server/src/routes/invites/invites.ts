import { idParamSchema } from '@formscribe/common/schemas/common';
import {
  adminAccessRequestSchema,
  createInviteRequestSchema,
  INVALID_INVITATION,
  inviteParamsSchema,
  inviteTokenParamSchema,
} from '@formscribe/common/schemas/invite';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { notFound } from '../../errors.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { FormImage } from '../../models/index.ts';
import { canManageForm, loadManagedForm } from '../../policies/forms.ts';
import { presentInvite } from '../../presenters/presentInvite.ts';
import { inviteLanding } from '../../services/invites/inviteLanding.ts';
import {
  createAdminAccessToken,
  createInvite,
  deleteInvite,
  findUsableInvite,
  grantAccessThroughInvite,
  listInvites,
  OWNER_ACCESS_TYPE,
} from '../../services/invites/inviteLinks.ts';

export const invitesRouter = new Router<AppState, AppContextExtras>();

invitesRouter.get('/api/forms/:id/invites', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const form = await loadManagedForm(ctx, requireUser(ctx), id);
  ctx.body = (await listInvites(form)).map((invite) => presentInvite(invite, ctx.deps.config.publicUrl));
});

invitesRouter.post('/api/forms/:id/invites', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const input = parseInput(createInviteRequestSchema, ctx.request.body);
  const user = requireUser(ctx);
  const form = await loadManagedForm(ctx, user, id);
  ctx.status = 201;
  ctx.body = presentInvite(await createInvite(form, user, input.expiresAt), ctx.deps.config.publicUrl);
});

invitesRouter.delete('/api/forms/:id/invites/:inviteId', async (ctx) => {
  const { id, inviteId } = parseInput(inviteParamsSchema, ctx.params);
  const form = await loadManagedForm(ctx, requireUser(ctx), id);
  await deleteInvite(form, inviteId);
  ctx.status = 204;
});

/**
 * The invite landing's data. Signed in, opening the link also grants access to the form;
 * session cookies are SameSite=Lax, so a cross-site page cannot make a user's browser do it.
 */
invitesRouter.get('/api/entry/:token', async (ctx) => {
  const { token } = parseInput(inviteTokenParamSchema, ctx.params);
  const { invite, form } = await findUsableInvite(token);
  const user = ctx.state.user;
  if (invite.accessType === OWNER_ACCESS_TYPE && !(user && canManageForm(ctx, user, form))) {
    throw notFound(INVALID_INVITATION);
  }
  if (user && !canManageForm(ctx, user, form)) await grantAccessThroughInvite(user, invite);
  ctx.body = await inviteLanding(form, invite, Boolean(user));
});

invitesRouter.post('/api/forms/:id/admin-access', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const { imageId } = parseInput(adminAccessRequestSchema, ctx.request.body);
  const user = requireUser(ctx);
  const form = await loadManagedForm(ctx, user, id);
  const image = await FormImage.query().findOne({ id: imageId, formId: form.id });
  if (!image) throw notFound('Image not found');
  const invite = await createAdminAccessToken(form, user);
  ctx.body = { token: invite.token, imageId: image.id };
});
