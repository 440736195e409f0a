/**
 * Progress e-mail campaigns (the owner's Send Progress Email dialog) and the unsubscribe page.
 * Both campaign calls are mutations: a preview reflects the moment it is asked for, and sending
 * is create-then-send, so the draft the server keeps is the one that goes out.
 */
import { campaignsApi } from '@formscribe/common/api/campaigns';
import type { CampaignPreviewRequest, CreateCampaignRequest } from '@formscribe/common/schemas/campaigns';
import { useMutation } from '@tanstack/react-query';
import { apiFor } from './typedApi.ts';

const api = apiFor(campaignsApi);

export function usePreviewCampaign(formId: number) {
  return useMutation({
    mutationFn: (body: CampaignPreviewRequest) =>
      api.post('/api/forms/{id}/email-campaigns/preview', { params: { id: formId }, body }),
  });
}

/** Creates the campaign, then sends it (empty body); answers the send's {sentCount}. */
export function useSendCampaign(formId: number) {
  return useMutation({
    mutationFn: async (body: CreateCampaignRequest) => {
      const { id } = await api.post('/api/forms/{id}/email-campaigns', { params: { id: formId }, body });
      return api.post('/api/forms/{id}/email-campaigns/{campaignId}/send', { params: { id: formId, campaignId: id } });
    },
  });
}

/** The one click of an e-mail's unsubscribe link; the token in the link is all it needs. */
export function unsubscribeFromCampaigns(token: string) {
  return api.post('/api/unsubscribe/{token}', { params: { token } });
}
