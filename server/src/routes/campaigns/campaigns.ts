/**
 * Progress e-mail campaigns (owner and super admin, through the form policy), and the public
 * one-click unsubscribe whose token, from the e-mail, is the secret.
 */
import {
  campaignParamsSchema,
  campaignPreviewRequestSchema,
  campaignPreviewResponseSchema,
  createCampaignRequestSchema,
  createCampaignResponseSchema,
  sendCampaignResponseSchema,
  unsubscribeParamsSchema,
  unsubscribeResponseSchema,
} from '@formscribe/common/schemas/campaigns';
import { idParamSchema } from '@formscribe/common/schemas/common';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { loadManagedForm } from '../../policies/index.ts';
import { presentCreatedCampaign, presentUnsubscribe } from '../../presenters/presentCampaign.ts';
import { createCampaign, previewCampaign, sendCampaign } from '../../services/campaigns/campaigns.ts';
import { unsubscribeWithToken } from '../../services/campaigns/campaignUnsubscribes.ts';
import { respond } from '../respond.ts';

export const campaignsRouter = new Router<AppState, AppContextExtras>();

campaignsRouter.post('/api/forms/:id/email-campaigns/preview', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const choice = parseInput(campaignPreviewRequestSchema, ctx.request.body);
  const form = await loadManagedForm(ctx, requireUser(ctx), id);
  respond(ctx, campaignPreviewResponseSchema, await previewCampaign(ctx.deps, form, choice));
});

campaignsRouter.post('/api/forms/:id/email-campaigns', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const input = parseInput(createCampaignRequestSchema, ctx.request.body);
  const user = requireUser(ctx);
  const form = await loadManagedForm(ctx, user, id);
  const campaign = await createCampaign(ctx.deps, form, input);
  respond(ctx, createCampaignResponseSchema, presentCreatedCampaign(campaign), 201);
});

campaignsRouter.post('/api/forms/:id/email-campaigns/:campaignId/send', async (ctx) => {
  const { id, campaignId } = parseInput(campaignParamsSchema, ctx.params);
  const user = requireUser(ctx);
  const form = await loadManagedForm(ctx, user, id);
  respond(ctx, sendCampaignResponseSchema, await sendCampaign(ctx.deps, form, user, campaignId));
});

/**
 * One click: a mail client's List-Unsubscribe-Post (RFC 8058, a form-encoded body that is not
 * read) or the unsubscribe page. No session: the token is the secret.
 */
campaignsRouter.post('/api/unsubscribe/:token', async (ctx) => {
  const { token } = parseInput(unsubscribeParamsSchema, ctx.params);
  respond(ctx, unsubscribeResponseSchema, presentUnsubscribe(await unsubscribeWithToken(token)));
});
