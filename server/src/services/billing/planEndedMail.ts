/** Composes the "your subscription has ended" e-mail for the mail worker (job kind 'planEnded'). */
import { FREE_PLAN, PLANS } from '@formscribe/common/plans';
import type { AppDeps } from '../../appTypes.ts';
import { User } from '../../models/index.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { MailJob } from '../mail/mailJob.ts';
import { recipientLocale } from '../mail/mailLanguage.ts';
import { planEndedEmail } from '../mail/templates.ts';

type PlanEndedJob = Extract<MailJob, { kind: 'planEnded' }>;

export async function composePlanEndedMail(deps: AppDeps, job: PlanEndedJob): Promise<MailMessage | undefined> {
  const user = await User.query().findById(job.userId);
  if (!user) return undefined;
  return planEndedEmail(
    user.username,
    user.name,
    {
      previousPlanName: PLANS[job.previousPlan].name,
      cause: job.cause,
      deactivatedForms: job.deactivatedForms,
      freeLimits: FREE_PLAN,
    },
    `${deps.config.publicUrl}/billing`,
    recipientLocale(user),
  );
}
