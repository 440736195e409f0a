/**
 * Sends a campaign's messages, one job per recipient, over the configured mail transport. A job
 * names the campaign and the person, never a token: the unsubscribe token is made when the
 * message is composed and exists only in the e-mail. A recipient the SMTP server refuses for
 * good (a 5xx answer) is counted as failed at once; a passing trouble (connection, 4xx) is
 * retried, and counted as failed after the last attempt. Either way the others go out.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import type { AppDeps } from '../../appTypes.ts';
import type { QueuePolicy } from '../../jobs/jobQueue.ts';
import { eventsOf } from '../events/domainEventRecorder.ts';
import { campaignEmail } from '../mail/campaignMail.ts';
import type { Mailer } from '../mail/mailer.ts';
import { recipientLocale } from '../mail/mailLanguage.ts';
import {
  dropVanishedRecipient,
  issueUnsubscribeToken,
  loadPendingDelivery,
  settleRecipient,
} from './campaignDelivery.ts';

export const SEND_CAMPAIGN_MAIL_QUEUE = 'send-campaign-mail';

const campaignMailJobSchema = z.object({ campaignId: z.number().int(), userId: z.number().int() });
type CampaignMailJob = z.infer<typeof campaignMailJobSchema>;

/** Three more tries, 30 s apart and backing off: a relay that is down for a while still gets the mail. */
const CAMPAIGN_MAIL_POLICY: QueuePolicy = { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 };

/** As the account mail: up to 2 × 20 messages in flight per node over the pooled SMTP connections. */
const CAMPAIGN_MAIL_WORKERS = 2;
const CAMPAIGN_MAIL_BATCH_SIZE = 20;

/** Queues one message per recipient in the send's transaction. */
export function enqueueCampaignMail(
  deps: Pick<AppDeps, 'jobs' | 'events'>,
  trx: Knex.Transaction,
  campaignId: number,
  userIds: number[],
): Promise<void> {
  const data: CampaignMailJob[] = userIds.map((userId) => ({ campaignId, userId }));
  return eventsOf(deps, trx).record({ type: 'jobs', jobs: { queue: SEND_CAMPAIGN_MAIL_QUEUE, data } });
}

/** SMTP's permanent refusals (5xx): no retry will change the answer. */
function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

export function registerCampaignMailWorker(deps: AppDeps, mailer: Mailer): Promise<void> {
  return deps.jobs.work(
    SEND_CAMPAIGN_MAIL_QUEUE,
    async (data: unknown, attempt) => {
      const job = campaignMailJobSchema.safeParse(data);
      if (!job.success) {
        deps.logger.warn('campaign mail job of an unknown shape dropped');
        return;
      }
      const found = await loadPendingDelivery(job.data.campaignId, job.data.userId);
      if (found.kind === 'vanished') await dropVanishedRecipient(deps.knex, job.data.campaignId);
      if (found.kind !== 'pending') return;
      const { delivery } = found;
      const { recipient, campaign, form, user } = delivery;
      if (delivery.unsubscribed) {
        await settleRecipient(deps.knex, recipient, 'skipped');
        return;
      }
      const token = await issueUnsubscribeToken(recipient);
      const { publicUrl } = deps.config;
      const message = campaignEmail({
        to: user.username,
        // The person's own language, else the one the owner gave the form's entry page.
        locale: recipientLocale(user, form.language ?? undefined),
        subject: campaign.subject,
        senderName: campaign.senderName,
        personalNote: campaign.personalNote,
        formName: form.name,
        metrics: campaign.metrics,
        formLink: `${publicUrl}/forms/${form.id}/entry`,
        unsubscribePageLink: `${publicUrl}/unsubscribe/${token}`,
        unsubscribePostUrl: `${publicUrl}/api/unsubscribe/${token}`,
      });
      const log = deps.logger.child({ campaignMailJob: attempt.id, campaignId: campaign.id });
      try {
        await mailer.send(message, log);
      } catch (error) {
        const lastAttempt = attempt.retryCount >= attempt.retryLimit;
        if (!isPermanentRefusal(error) && !lastAttempt) throw error;
        log.warn({ err: errorText(error) }, 'campaign message not delivered');
        await settleRecipient(deps.knex, recipient, 'failed', errorText(error));
        return;
      }
      await settleRecipient(deps.knex, recipient, 'sent');
    },
    {
      policy: CAMPAIGN_MAIL_POLICY,
      deleteWhenDone: true,
      concurrency: CAMPAIGN_MAIL_WORKERS,
      batchSize: CAMPAIGN_MAIL_BATCH_SIZE,
    },
  );
}
