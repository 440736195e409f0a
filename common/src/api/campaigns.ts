/**
 * Progress e-mail campaigns of a form (previewed, created, sent by its managers), and the public
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
} from '../schemas/campaigns.ts';
import { idParamSchema } from '../schemas/common.ts';
import { defineRoutes } from './routeContract.ts';

export const campaignsApi = defineRoutes({
  previewCampaign: {
    method: 'post',
    path: '/api/forms/{id}/email-campaigns/preview',
    params: idParamSchema,
    body: campaignPreviewRequestSchema,
    response: campaignPreviewResponseSchema,
  },
  createCampaign: {
    method: 'post',
    path: '/api/forms/{id}/email-campaigns',
    params: idParamSchema,
    body: createCampaignRequestSchema,
    response: createCampaignResponseSchema,
    status: 201,
  },
  sendCampaign: {
    method: 'post',
    path: '/api/forms/{id}/email-campaigns/{campaignId}/send',
    params: campaignParamsSchema,
    response: sendCampaignResponseSchema,
  },
  /** RFC 8058: a mail client's List-Unsubscribe-Post (form-encoded, never read) or the unsubscribe page. */
  unsubscribe: {
    method: 'post',
    path: '/api/unsubscribe/{token}',
    params: unsubscribeParamsSchema,
    bodyKind: 'oneClick',
    response: unsubscribeResponseSchema,
    secrets: ['token'],
  },
});
