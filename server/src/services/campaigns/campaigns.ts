/**
 * Progress e-mail campaigns: preview (who and which figures), create (a draft), send. Sending is
 * one transaction: it takes the draft to 'sending' (a conditional change, so a double click or
 * a retried request finds it already sent and mails nobody), writes one recipient row per person
 * (unique per campaign and user), stores the figures and queues one message per row. The mail
 * worker (campaignMailWorker.ts) then counts each delivery and ends the campaign at 'sent'.
 */

import { MESSAGES } from '@formscribe/common/messages';
import {
  CAMPAIGN_MESSAGES,
  type CampaignAudienceChoice,
  type CampaignPreviewResponse,
  MAX_CAMPAIGNS_PER_FORM_PER_DAY,
  type NewCampaign,
  PREVIEW_RECIPIENT_LIMIT,
  type SendCampaignResponse,
} from '@formscribe/common/schemas/campaigns';
import type { AppDeps } from '../../appTypes.ts';
import { badRequest, HttpError, notFound } from '../../errors.ts';
import { Form, FormEmailCampaign, type User } from '../../models/index.ts';
import { assertSelectionInForm, audienceQuery } from './campaignAudience.ts';
import { enqueueCampaignMail } from './campaignMailWorker.ts';
import { campaignMetrics, dayOf, dayStart } from './campaignMetrics.ts';

/** Serialises the sends of one form (advisory lock class; the form id is the key). */
const CAMPAIGN_SEND_LOCK = 4_810_001;

export async function previewCampaign(
  deps: AppDeps,
  form: Form,
  choice: CampaignAudienceChoice,
): Promise<CampaignPreviewResponse> {
  const { knex } = deps;
  await assertSelectionInForm(knex, form, choice);
  const audience = audienceQuery(knex, form, choice);
  const [counted, recipients, metrics] = await Promise.all([
    audience.clone().count<{ n: number }[]>('* as n'),
    audience
      .clone()
      .select<{ id: number; username: string; name: string | null }[]>('u.id', 'u.username', 'u.name')
      .orderBy('u.id')
      .limit(PREVIEW_RECIPIENT_LIMIT),
    campaignMetrics(knex, form, { start: choice.metricsDateStart, end: choice.metricsDateEnd }),
  ]);
  return {
    totalRecipients: counted[0]?.n ?? 0,
    recipients: recipients.map((user) => ({ id: user.id, email: user.username, name: user.name })),
    metrics,
  };
}

export async function createCampaign(deps: AppDeps, form: Form, input: NewCampaign) {
  await assertSelectionInForm(deps.knex, form, input);
  return FormEmailCampaign.query().insertAndFetch({
    formId: form.id,
    subject: input.subject,
    senderName: input.senderName,
    personalNote: input.personalNote,
    metricsDateStart: input.metricsDateStart ? dayStart(input.metricsDateStart) : null,
    metricsDateEnd: input.metricsDateEnd ? dayStart(input.metricsDateEnd) : null,
    // The dialog has one include-metrics box; the table keeps the three kinds it always had.
    includeImageStats: input.includeMetrics,
    includeProgressStats: input.includeMetrics,
    includeContributorStats: input.includeMetrics,
    targetUserTypes: input.targetUserTypes,
    selectedUserIds: input.selectedUserIds?.length ? input.selectedUserIds : null,
    sentById: null,
  });
}

export async function sendCampaign(
  deps: AppDeps,
  form: Form,
  sender: User,
  campaignId: number,
): Promise<SendCampaignResponse> {
  return deps.knex.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(?, ?)', [CAMPAIGN_SEND_LOCK, form.id]);
    const campaign = await FormEmailCampaign.query(trx).findOne({ id: campaignId, formId: form.id }).forUpdate();
    if (!campaign) throw notFound(MESSAGES.campaignNotFound);
    if (campaign.status !== 'draft') return { sentCount: campaign.totalRecipients, status: campaign.status };

    const recent = await FormEmailCampaign.query(trx)
      .where('formId', form.id)
      .where('sentAt', '>', trx.raw("now() - interval '24 hours'"))
      .resultSize();
    if (recent >= MAX_CAMPAIGNS_PER_FORM_PER_DAY) throw new HttpError(429, CAMPAIGN_MESSAGES.dailyLimitReached);

    // The form as it is now (its counters feed the figures).
    const current = await Form.query(trx).findById(form.id);
    if (!current) throw notFound(MESSAGES.formNotFound);
    const choice = { targetUserTypes: campaign.targetUserTypes, selectedUserIds: campaign.selectedUserIds };
    const people = audienceQuery(trx, current, choice).select(trx.raw('?::int', [campaign.id]), 'u.id');
    const inserted = await trx.raw<{ rows: Array<{ userId: number }> }>(
      'INSERT INTO form_email_campaign_recipients (campaign_id, user_id) ? ON CONFLICT DO NOTHING RETURNING user_id AS "userId"',
      [people],
    );
    const userIds = inserted.rows.map((row) => row.userId);
    // Thrown, so the transaction leaves the campaign a draft the owner can still send elsewhere.
    if (userIds.length === 0) throw badRequest(MESSAGES.campaignHasNoRecipients);

    const range = { start: dayOf(campaign.metricsDateStart), end: dayOf(campaign.metricsDateEnd) };
    const metrics = campaign.includeProgressStats ? await campaignMetrics(trx, current, range) : null;
    await FormEmailCampaign.query(trx).patchAndFetchById(campaign.id, {
      status: 'sending',
      totalRecipients: userIds.length,
      sentById: sender.id,
      sentAt: new Date(),
      metrics,
    });
    await enqueueCampaignMail(deps, trx, campaign.id, userIds);
    return { sentCount: userIds.length, status: 'sending' as const };
  });
}
