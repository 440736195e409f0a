/**
 * The mail queue's jobs. A job names the message and the user (or, for a reset asked for by
 * address, the address typed), never a token or a link: the pg-boss tables are readable by anyone
 * with database access and end up in backups, so the secret is made by the worker when it sends
 * (services/mailWorker.ts) and exists only in the e-mail. A service asks for a message with a `mail` domain
 * event (services/events/): recorded in its transaction, or dispatched when no transaction causes it.
 * `locale` is the language of the browser whose request asked for the mail, for an account (or an
 * address) with no language of its own (services/mail/mailLanguage.ts); jobs queued before it had none.
 */
import { localeSchema } from '@formscribe/common/i18n/locales';
import { PLAN_IDS } from '@formscribe/common/plans';
import { z } from 'zod';

export const SEND_MAIL_QUEUE = 'send-mail';

/** How a new password came: typed on the profile page with the old one, or set through a mailed link. */
export const PASSWORD_CHANGE_KINDS = ['changed', 'reset'] as const;
export type PasswordChangeKind = (typeof PASSWORD_CHANGE_KINDS)[number];

export const mailJobSchema = z.discriminatedUnion('kind', [
  // A reset asked for at an address, known or not: the worker finds the account (passwordReset.ts).
  z.object({ kind: z.literal('passwordResetRequest'), email: z.string(), locale: localeSchema.optional() }),
  // Queued by earlier versions, which looked the account up in the request: still sent.
  z.object({ kind: z.literal('passwordReset'), userId: z.number().int() }),
  z.object({ kind: z.literal('emailVerification'), userId: z.number().int(), locale: localeSchema.optional() }),
  // The password changed: sessions ended and API tokens were revoked (services/credentialChanges.ts).
  z.object({
    kind: z.literal('passwordChanged'),
    userId: z.number().int(),
    how: z.enum(PASSWORD_CHANGE_KINDS),
    revokedApiTokens: z.number().int(),
  }),
  // A subscription ended or stayed unpaid and the account dropped to free (services/billing/dropToFree.ts).
  z.object({
    kind: z.literal('planEnded'),
    userId: z.number().int(),
    previousPlan: z.enum(PLAN_IDS),
    cause: z.enum(['canceled', 'unpaid']),
    deactivatedForms: z.number().int(),
  }),
]);
export type MailJob = z.infer<typeof mailJobSchema>;
