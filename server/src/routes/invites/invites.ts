import { MESSAGES } from '@formscribe/common/messages';
import { idParamSchema } from '@formscribe/common/schemas/common';
import {
  adminAccessRequestSchema,
  adminAccessResponseSchema,
  createInviteRequestSchema,
  inviteLandingResponseSchema,
  inviteListResponseSchema,
  inviteParamsSchema,
  inviteResponseSchema,
  inviteTokenParamSchema,
} from '@formscribe/common/schemas/invite';
import { ENTRY_IMAGE_LIST_LIMIT } from '@formscribe/common/schemas/submission';
import Router from '@koa/router';
import type { AppContext, AppContextExtras, AppState } from '../../appTypes.ts';
import { notFound } from '../../errors.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { type Form, FormImage, type FormInvite } from '../../models/index.ts';
import { assertMayUseInvite, canViewForm, loadManagedForm, needsAccessThroughInvite } from '../../policies/index.ts';
import { presentEntryImageSummary } from '../../presenters/presentEntry.ts';
import { presentAdminAccess, presentInvite } from '../../presenters/presentInvite.ts';
import { listFormImages } from '../../services/images/imagePages.ts';
import { inviteLanding } from '../../services/invites/inviteLanding.ts';
import {
  createAdminAccessToken,
  createInvite,
  deleteInvite,
  findUsableInvite,
  grantAccessThroughInvite,
  listInvites,
} from '../../services/invites/inviteLinks.ts';
import { respond } from '../respond.ts';

export const invitesRouter = new Router<AppState, AppContextExtras>();

invitesRouter.get('/api/forms/:id/invites', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const form = await loadManagedForm(ctx, requireUser(ctx), id);
  const invites = (await listInvites(form)).map((invite) => presentInvite(invite, ctx.deps.config.publicUrl));
  respond(ctx, inviteListResponseSchema, invites);
});

invitesRouter.post('/api/forms/:id/invites', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const input = parseInput(createInviteRequestSchema, ctx.request.body);
  const user = requireUser(ctx);
  const form = await loadManagedForm(ctx, user, id);
  const invite = await createInvite(form, user, input.expiresAt);
  respond(ctx, inviteResponseSchema, presentInvite(invite, ctx.deps.config.publicUrl), 201);
});

invitesRouter.delete('/api/forms/:id/invites/:inviteId', async (ctx) => {
  const { id, inviteId } = parseInput(inviteParamsSchema, ctx.params);
  const form = await loadManagedForm(ctx, requireUser(ctx), id);
  await deleteInvite(form, inviteId);
  ctx.status = 204;
});

/** An invite usable by this caller (the invites policy keeps admin-access tokens to managers). */
async function loadInviteForCaller(ctx: AppContext, token: string) {
  const found = await findUsableInvite(token);
  assertMayUseInvite(ctx, ctx.state.user, found);
  return found;
}

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
invitesRouter.get('/api/entry/:token', async (ctx) => {
  const { token } = parseInput(inviteTokenParamSchema, ctx.params);
  const { invite, form } = await loadInviteForCaller(ctx, token);
  const user = ctx.state.user;
  const hasAccess = user ? await canViewForm(ctx, user, form) : false;
  respond(ctx, inviteLandingResponseSchema, await landingFor(form, invite, hasAccess));
});

/**
 * Accepting the invitation: the signed-in caller joins the form. A state-changing method, so the
 * app's origin check has already refused it when it came from another site.
 */
invitesRouter.post('/api/entry/:token', async (ctx) => {
  const { token } = parseInput(inviteTokenParamSchema, ctx.params);
  const user = requireUser(ctx);
  const { invite, form } = await loadInviteForCaller(ctx, token);
  if (needsAccessThroughInvite(ctx, user, form)) await grantAccessThroughInvite(user, invite);
  respond(ctx, inviteLandingResponseSchema, await landingFor(form, invite, true));
});

invitesRouter.post('/api/forms/:id/admin-access', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const { imageId } = parseInput(adminAccessRequestSchema, ctx.request.body);
  const user = requireUser(ctx);
  const form = await loadManagedForm(ctx, user, id);
  const image = await FormImage.query().findOne({ id: imageId, formId: form.id });
  if (!image) throw notFound(MESSAGES.imageNotFound);
  respond(ctx, adminAccessResponseSchema, presentAdminAccess(await createAdminAccessToken(form, user), image));
});
