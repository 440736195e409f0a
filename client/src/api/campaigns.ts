/**
 * Progress e-mail campaigns (the owner's Send Progress Email dialog) and the unsubscribe page.
 * Both campaign calls are mutations: a preview reflects the moment it is asked for, and sending
 * is create-then-send, so the draft the server keeps is the one that goes out.
 */
import {
  type CampaignPreviewRequest,
  type CreateCampaignRequest,
  campaignPreviewResponseSchema,
  createCampaignResponseSchema,
  sendCampaignResponseSchema,
  unsubscribeResponseSchema,
} from '@formscribe/common/schemas/campaigns';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from './apiClient.ts';

export function usePreviewCampaign(formId: number) {
  return useMutation({
    mutationFn: (body: CampaignPreviewRequest) =>
      apiRequest('POST', `/api/forms/${formId}/email-campaigns/preview`, {
        body,
        schema: campaignPreviewResponseSchema,
      }),
  });
}

/** Creates the campaign, then sends it (empty body); answers the send's {sentCount}. */
export function useSendCampaign(formId: number) {
  return useMutation({
    mutationFn: async (body: CreateCampaignRequest) => {
      const { id } = await apiRequest('POST', `/api/forms/${formId}/email-campaigns`, {
        body,
        schema: createCampaignResponseSchema,
      });
      return apiRequest('POST', `/api/forms/${formId}/email-campaigns/${id}/send`, {
        schema: sendCampaignResponseSchema,
      });
    },
  });
}

/** The one click of an e-mail's unsubscribe link; the token in the link is all it needs. */
export function unsubscribeFromCampaigns(token: string) {
  return apiRequest('POST', `/api/unsubscribe/${encodeURIComponent(token)}`, { schema: unsubscribeResponseSchema });
}
