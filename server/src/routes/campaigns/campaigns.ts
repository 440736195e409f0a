/**
 * Progress e-mail campaigns (owner and super admin, through the form policy), and the public
 * one-click unsubscribe whose token, from the e-mail, is the secret.
 */
import { campaignsApi } from '@formscribe/common/api/campaigns';
import { presentCreatedCampaign, presentUnsubscribe } from '../../presenters/presentCampaign.ts';
import { createCampaign, previewCampaign, sendCampaign } from '../../services/campaigns/campaigns.ts';
import { unsubscribeWithToken } from '../../services/campaigns/campaignUnsubscribes.ts';
import { route } from '../declared/declareRoute.ts';
import { managedForm } from '../declared/routePolicies.ts';

route(campaignsApi.previewCampaign, { policy: managedForm }, (ctx, { body, resource: form }) =>
  previewCampaign(ctx.deps, form, body),
);

route(campaignsApi.createCampaign, { policy: managedForm }, async (ctx, { body, resource: form }) =>
  presentCreatedCampaign(await createCampaign(ctx.deps, form, body)),
);

route(campaignsApi.sendCampaign, { policy: managedForm }, (ctx, { user, params, resource: form }) =>
  sendCampaign(ctx.deps, form, user, params.campaignId),
);

/**
 * One click: a mail client's List-Unsubscribe-Post (RFC 8058, a form-encoded body that is not
 * read) or the unsubscribe page. No session: the token is the secret.
 */
route(
  campaignsApi.unsubscribe,
  { public: 'one-click unsubscribe from a progress e-mail: the token is the secret' },
  async (_ctx, { params }) => presentUnsubscribe(await unsubscribeWithToken(params.token)),
);
