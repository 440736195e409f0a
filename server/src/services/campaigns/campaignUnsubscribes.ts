/**
 * Unsubscribing from a form's progress e-mails. The token in the message (stored only as a hash
 * on its recipient row) is the secret: whoever holds it may stop that person's mail from that
 * form, and nothing else. Doing it twice changes nothing (unique form and user). Tokens do not
 * expire: an old message's link must keep working.
 */
import { MESSAGES } from '@formscribe/common/messages';
import { notFound } from '../../errors.ts';
import { FormEmailCampaignRecipient } from '../../models/FormEmailCampaignRecipient.ts';
import { FormEmailUnsubscribe } from '../../models/FormEmailUnsubscribe.ts';
import { Form, FormEmailCampaign } from '../../models/index.ts';
import { hashToken } from '../secureTokens.ts';

/** Records the unsubscribe; returns the form whose e-mails stop. */
export async function unsubscribeWithToken(token: string): Promise<Form> {
  const recipient = await FormEmailCampaignRecipient.query().findOne({ unsubscribeTokenHash: hashToken(token) });
  const campaign = recipient && (await FormEmailCampaign.query().findById(recipient.campaignId));
  const form = campaign && (await Form.query().findById(campaign.formId));
  if (!recipient || !form) throw notFound(MESSAGES.unsubscribeLinkInvalid);
  await FormEmailUnsubscribe.query()
    .insert({ formId: form.id, userId: recipient.userId })
    .onConflict(['formId', 'userId'])
    .ignore();
  return form;
}
