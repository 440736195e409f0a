import type { UnsubscribeResponse } from '@formscribe/common/schemas/campaigns';
import type { Form, FormEmailCampaign } from '../models/index.ts';

/** A created draft: the dialog needs only its id to send it. */
export function presentCreatedCampaign(campaign: FormEmailCampaign): { id: number } {
  return { id: campaign.id };
}

/** The unsubscribe page names the form whose e-mails stop, nothing more about it. */
export function presentUnsubscribe(form: Form): UnsubscribeResponse {
  return { formName: form.name };
}
