import type { Knex } from 'knex';
import type { JobQueue } from '../../jobs/jobQueue.ts';
import type { Mailer, MailMessage } from './mailer.ts';

export const SEND_MAIL_QUEUE = 'send-mail';

/** Queues a message in the caller's transaction; a worker sends it after commit, with retries. */
export function enqueueMail(jobs: JobQueue, trx: Knex.Transaction, message: MailMessage): Promise<void> {
  return jobs.enqueue(trx, SEND_MAIL_QUEUE, message);
}

export function registerMailWorker(jobs: JobQueue, mailer: Mailer): Promise<void> {
  return jobs.work<MailMessage>(SEND_MAIL_QUEUE, (message) => mailer.send(message));
}
