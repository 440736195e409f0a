/** The account e-mails, each with a plain-text and an HTML body. */
import type { MailMessage } from './mailer.ts';
import type { PasswordChangeKind } from './mailJob.ts';

const PRODUCT = 'Formscribe';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(heading: string, paragraphs: string[], action: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;background:#f6f7f9;padding:24px">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#2563eb;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#6b7280">If the button does not work, copy this link into your browser:<br>${escapeHtml(action.url)}</p>
</div></body></html>`;
}

export function verificationEmail(to: string, name: string | null, link: string): MailMessage {
  const greeting = `Hello${name ? ` ${name}` : ''},`;
  const lines = [greeting, `Please confirm your e-mail address to start creating forms on ${PRODUCT}.`];
  return {
    to,
    subject: `Verify your e-mail address for ${PRODUCT}`,
    text: `${lines.join('\n\n')}\n\nVerify your e-mail: ${link}\n\nIf you did not create an account, ignore this message.\n`,
    html: layout('Verify your e-mail address', lines, { label: 'Verify Email', url: link }),
    link,
  };
}

export function passwordResetEmail(to: string, link: string): MailMessage {
  const lines = [
    `Someone asked to reset the password of your ${PRODUCT} account.`,
    'The link works once and expires in 1 hour. If it was not you, ignore this message: your password stays as it is.',
    'A new password signs out every browser signed in to the account and revokes its API tokens.',
  ];
  return {
    to,
    subject: `Reset your ${PRODUCT} password`,
    text: `${lines.join('\n\n')}\n\nReset your password: ${link}\n`,
    html: layout('Reset your password', lines, { label: 'Reset Password', url: link }),
    link,
  };
}

export interface PlanEndedDetails {
  previousPlanName: string;
  cause: 'canceled' | 'unpaid';
  deactivatedForms: number;
  /** The free plan's limits, as words ("1 active form, 50 images per form, 2.5 MB per image"). */
  freeLimits: string;
}

/** A subscription ended or stayed unpaid: what happened to the account and how to get it back. */
export function planEndedEmail(to: string, name: string | null, details: PlanEndedDetails, link: string): MailMessage {
  const why =
    details.cause === 'unpaid'
      ? `Your ${details.previousPlanName} subscription could not be paid, so it has ended.`
      : `Your ${details.previousPlanName} subscription has ended.`;
  const forms =
    details.deactivatedForms === 0
      ? 'None of your forms had to be deactivated.'
      : `${details.deactivatedForms} of your forms ${details.deactivatedForms === 1 ? 'was' : 'were'} deactivated to fit the free plan; your most recently updated form stays active. Nothing was deleted: images, entries and settings are all kept.`;
  const lines = [
    `Hello${name ? ` ${name}` : ''},`,
    why,
    `Your account is now on the Free plan (${details.freeLimits}).`,
    forms,
    'To reactivate your forms, choose a plan on the Billing page, then switch each form back on in its settings.',
  ];
  return {
    to,
    subject: `Your ${PRODUCT} subscription has ended`,
    text: `${lines.join('\n\n')}\n\nBilling: ${link}\n`,
    html: layout('Your subscription has ended', lines, { label: 'Choose a Plan', url: link }),
    link,
  };
}

export interface PasswordChangedDetails {
  how: PasswordChangeKind;
  revokedApiTokens: number;
}

function revokedTokensSentence(count: number): string {
  if (count === 0) return 'A new password also revokes every API token of the account; this account had none.';
  const tokens = count === 1 ? 'Its API token was' : `All ${count} of its API tokens were`;
  return `${tokens} revoked as well: scripts that used them stop working until you create new tokens on your profile page.`;
}

/**
 * The password of an account was changed or reset: what ended with the old one, and what to do
 * if it was not the owner (the link leads to a new reset).
 */
export function passwordChangedEmail(
  to: string,
  name: string | null,
  details: PasswordChangedDetails,
  link: string,
): MailMessage {
  const what =
    details.how === 'reset'
      ? `The password of your ${PRODUCT} account was reset with a link mailed to this address.`
      : `The password of your ${PRODUCT} account was changed on its profile page.`;
  const lines = [
    `Hello${name ? ` ${name}` : ''},`,
    what,
    'Every browser signed in to the account has been signed out.',
    revokedTokensSentence(details.revokedApiTokens),
    'If this was not you, reset your password now and check the e-mail address on your profile.',
  ];
  return {
    to,
    subject: `Your ${PRODUCT} password was changed`,
    text: `${lines.join('\n\n')}\n\nReset your password: ${link}\n`,
    html: layout('Your password was changed', lines, { label: 'Reset Password', url: link }),
    link,
  };
}
