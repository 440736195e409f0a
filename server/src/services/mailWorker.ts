/**
 * Sends queued mail. Each attempt composes the message afresh: it issues the account token
 * (stored hashed, single use, expiring) and builds the link, so the raw token exists only in
 * the e-mail. A retry issues a new token and retires the one the failed attempt made, which was
 * never delivered. Finished jobs are deleted: there is nothing in them worth keeping.
 */
import type { AppDeps } from '../appTypes.ts';
import { composePlanEndedMail } from './billing/planEndedMail.ts';
import { composeVerificationMail } from './emailVerification.ts';
import type { Mailer, MailMessage } from './mail/mailer.ts';
import { type MailJob, mailJobSchema, SEND_MAIL_QUEUE } from './mail/mailJob.ts';
import { composePasswordChangedMail } from './passwordChangedMail.ts';
import { composePasswordResetMail } from './passwordReset.ts';

function composeMail(deps: AppDeps, job: MailJob): Promise<MailMessage | undefined> {
  switch (job.kind) {
    case 'passwordResetRequest':
      return composePasswordResetMail(deps, { email: job.email }, job.locale);
    case 'passwordReset':
      return composePasswordResetMail(deps, { userId: job.userId });
    case 'emailVerification':
      return composeVerificationMail(deps, job.userId, job.locale);
    case 'passwordChanged':
      return composePasswordChangedMail(deps, job);
    case 'planEnded':
      return composePlanEndedMail(deps, job);
  }
}

/**
 * Up to 2 × 20 messages in flight per node: a class registering at once gets its mail in
 * seconds (each message is a token write and an SMTP send on a pooled connection, see mailer.ts),
 * while the database pool keeps room for requests.
 */
const MAIL_WORKERS = 2;
const MAIL_BATCH_SIZE = 20;

export function registerMailWorker(deps: AppDeps, mailer: Mailer): Promise<void> {
  return deps.jobs.work(
    SEND_MAIL_QUEUE,
    async (data: unknown, attempt) => {
      const job = mailJobSchema.safeParse(data);
      if (!job.success) {
        // Jobs from before mail jobs lost their links (or otherwise unreadable): dropped, not retried.
        deps.logger.warn('mail job of an unknown shape dropped');
        return;
      }
      const message = await composeMail(deps, job.data);
      if (!message) return;
      // Links go to the outbox log only in development (mailer.ts); in production the e-mail alone has them.
      const { link, ...withoutLink } = message;
      const log = deps.logger.child({ mailJob: attempt.id });
      await mailer.send(deps.config.env === 'production' ? withoutLink : { ...withoutLink, link }, log);
    },
    { deleteWhenDone: true, concurrency: MAIL_WORKERS, batchSize: MAIL_BATCH_SIZE },
  );
}
