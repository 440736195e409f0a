import { BaseModel } from './BaseModel.ts';

export type CampaignRecipientStatus = 'pending' | 'sent' | 'failed' | 'skipped';

/** One person a sent campaign goes to: unique per (campaign, user), so nobody is mailed twice. */
export class FormEmailCampaignRecipient extends BaseModel {
  static override tableName = 'form_email_campaign_recipients';

  declare campaignId: number;
  declare userId: number;
  declare status: CampaignRecipientStatus;
  /** Why the message could not be delivered (the SMTP server's answer), for failed rows. */
  declare error: string | null;
  /** SHA-256 of the unsubscribe token in the message; the raw token exists only in the e-mail. */
  declare unsubscribeTokenHash: string | null;
  declare finishedAt: Date | null;
  declare createdAt: Date;
}
