/** Composes the "your password was changed" e-mail for the mail worker (job kind 'passwordChanged'). */
import type { AppDeps } from '../appTypes.ts';
import { User } from '../models/index.ts';
import type { MailMessage } from './mail/mailer.ts';
import type { MailJob } from './mail/mailJob.ts';
import { recipientLocale } from './mail/mailLanguage.ts';
import { passwordChangedEmail } from './mail/templates.ts';

type PasswordChangedJob = Extract<MailJob, { kind: 'passwordChanged' }>;

/** Goes to the account's address at send time; undefined when the account is gone. */
export async function composePasswordChangedMail(
  deps: AppDeps,
  job: PasswordChangedJob,
): Promise<MailMessage | undefined> {
  const user = await User.query().findById(job.userId);
  if (!user) return undefined;
  return passwordChangedEmail(
    user.username,
    user.name,
    { how: job.how, revokedApiTokens: job.revokedApiTokens },
    `${deps.config.publicUrl}/forgot-password`,
    recipientLocale(user),
  );
}
