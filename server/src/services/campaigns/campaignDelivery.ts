/**
 * The bookkeeping of one recipient's message. A recipient row is settled once (pending → sent,
 * failed or skipped, by a conditional UPDATE), and only that change moves the campaign's counts,
 * so a job that runs twice counts once. The campaign is 'sent' when every recipient is settled.
 */
import type { Knex } from 'knex';
import type { CampaignRecipientStatus } from '../../models/FormEmailCampaignRecipient.ts';
import { FormEmailCampaignRecipient } from '../../models/FormEmailCampaignRecipient.ts';
import { FormEmailUnsubscribe } from '../../models/FormEmailUnsubscribe.ts';
import { Form, FormEmailCampaign, User } from '../../models/index.ts';
import { hashToken, newSecretToken } from '../secureTokens.ts';

export interface Delivery {
  recipient: FormEmailCampaignRecipient;
  campaign: FormEmailCampaign;
  form: Form;
  user: User;
  unsubscribed: boolean;
}

export type PendingDelivery = { kind: 'pending'; delivery: Delivery } | { kind: 'vanished' } | { kind: 'done' };

/** What a queued recipient's job finds: a message to send, a recipient whose account is gone, or nothing left to do. */
export async function loadPendingDelivery(campaignId: number, userId: number): Promise<PendingDelivery> {
  const recipient = await FormEmailCampaignRecipient.query().findOne({ campaignId, userId });
  if (!recipient) return { kind: 'vanished' };
  if (recipient.status !== 'pending') return { kind: 'done' };
  const campaign = await FormEmailCampaign.query().findById(campaignId);
  const form = campaign && (await Form.query().findById(campaign.formId));
  const user = await User.query().findById(userId);
  if (!campaign || !form || !user) return { kind: 'done' };
  const unsubscribed = await FormEmailUnsubscribe.query().findOne({ formId: form.id, userId });
  return { kind: 'pending', delivery: { recipient, campaign, form, user, unsubscribed: Boolean(unsubscribed) } };
}

/**
 * A fresh unsubscribe token for this recipient's message; only its hash is kept. A retried
 * attempt replaces it: the earlier message was never delivered.
 */
export async function issueUnsubscribeToken(recipient: FormEmailCampaignRecipient): Promise<string> {
  const token = newSecretToken();
  await FormEmailCampaignRecipient.query()
    .patch({ unsubscribeTokenHash: hashToken(token) })
    .where({ id: recipient.id, status: 'pending' });
  return token;
}

type Outcome = Exclude<CampaignRecipientStatus, 'pending'>;

/** Settles a recipient and counts it on its campaign, once. */
export async function settleRecipient(
  knex: Knex,
  recipient: FormEmailCampaignRecipient,
  outcome: Outcome,
  error: string | null = null,
): Promise<void> {
  await knex.transaction(async (trx) => {
    const settled = await FormEmailCampaignRecipient.query(trx)
      .patch({ status: outcome, error, finishedAt: new Date() })
      .where({ id: recipient.id, status: 'pending' });
    if (!settled) return;
    const sent = outcome === 'sent' ? 1 : 0;
    const failed = outcome === 'failed' ? 1 : 0;
    // A skipped person (unsubscribed after the send began) is no longer a recipient at all.
    const skipped = outcome === 'skipped' ? 1 : 0;
    // In SET, columns read their values from before this UPDATE.
    await trx.raw(
      `UPDATE form_email_campaigns SET
         sent_count = sent_count + :sent,
         failed_count = failed_count + :failed,
         total_recipients = total_recipients - :skipped,
         status = CASE WHEN sent_count + failed_count + :sent + :failed >= total_recipients - :skipped
                       THEN 'sent' ELSE status END
       WHERE id = :campaignId`,
      { sent, failed, skipped, campaignId: recipient.campaignId },
    );
  });
}

/**
 * A queued recipient whose row is gone: their account was deleted (the row cascades with it).
 * They are no longer a recipient, so the campaign can still finish.
 */
export async function dropVanishedRecipient(knex: Knex, campaignId: number): Promise<void> {
  await knex.raw(
    `UPDATE form_email_campaigns SET
       total_recipients = total_recipients - 1,
       status = CASE WHEN sent_count + failed_count >= total_recipients - 1 THEN 'sent' ELSE status END
     WHERE id = :campaignId AND status = 'sending'`,
    { campaignId },
  );
}
