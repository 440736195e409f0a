/**
 * The account e-mails, each with a plain-text and an HTML body, in the recipient's language
 * (mailLanguage.ts): every sentence is one message of the mail catalogues, and the HTML says its
 * language and direction so Arabic reads right to left.
 */
import { type Locale, textDirection } from '@formscribe/common/i18n/locales';
import { escapeHtml } from '../../htmlEscape.ts';
import type { MailMessage } from './mailer.ts';
import type { PasswordChangeKind } from './mailJob.ts';
import { languageHeaders, type MailTranslator, mailTranslator } from './mailLanguage.ts';

/** The `<html>` tag of a message in `locale`. */
export const htmlTag = (locale: Locale) => `<html lang="${locale}" dir="${textDirection(locale)}">`;

function layout(t: MailTranslator, heading: string, paragraphs: string[], action: { label: string; url: string }) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  return `<!doctype html>${htmlTag(t.locale)}<body style="font-family:system-ui,sans-serif;color:#1f2937;background:#f6f7f9;padding:24px">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#2563eb;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(t.t('layout.linkFallback'))}<br>${escapeHtml(action.url)}</p>
</div></body></html>`;
}

const greeting = (t: MailTranslator, name: string | null) =>
  name ? t.t('layout.greetingNamed', { name }) : t.t('layout.greeting');

/** The fields every account e-mail shares: its address, its language header, its link. */
function message(t: MailTranslator, to: string, link: string, parts: Omit<MailMessage, 'to' | 'link' | 'headers'>) {
  return { to, ...parts, headers: languageHeaders(t.locale), link } satisfies MailMessage;
}

export function verificationEmail(to: string, name: string | null, link: string, locale: Locale): MailMessage {
  const t = mailTranslator(locale);
  const lines = [greeting(t, name), t.t('verification.intro')];
  return message(t, to, link, {
    subject: t.t('verification.subject'),
    text: `${lines.join('\n\n')}\n\n${t.t('verification.textLink', { link })}\n\n${t.t('verification.notYou')}\n`,
    html: layout(t, t.t('verification.heading'), lines, { label: t.t('verification.button'), url: link }),
  });
}

export function passwordResetEmail(to: string, link: string, locale: Locale): MailMessage {
  const t = mailTranslator(locale);
  const lines = [t.t('passwordReset.asked'), t.t('passwordReset.expiry'), t.t('passwordReset.signsOut')];
  return message(t, to, link, {
    subject: t.t('passwordReset.subject'),
    text: `${lines.join('\n\n')}\n\n${t.t('passwordReset.textLink', { link })}\n`,
    html: layout(t, t.t('passwordReset.heading'), lines, { label: t.t('passwordReset.button'), url: link }),
  });
}

export interface PlanEndedDetails {
  previousPlanName: string;
  cause: 'canceled' | 'unpaid';
  deactivatedForms: number;
  /** The free plan's limits, worded by the message in the recipient's language. */
  freeLimits: { activeForms: number; imagesPerForm: number; imageSizeMb: number };
}

/** A subscription ended or stayed unpaid: what happened to the account and how to get it back. */
export function planEndedEmail(
  to: string,
  name: string | null,
  details: PlanEndedDetails,
  link: string,
  locale: Locale,
): MailMessage {
  const t = mailTranslator(locale);
  const { activeForms, imagesPerForm, imageSizeMb } = details.freeLimits;
  const lines = [
    greeting(t, name),
    t.t(details.cause === 'unpaid' ? 'planEnded.unpaid' : 'planEnded.canceled', { plan: details.previousPlanName }),
    t.t('planEnded.nowFree', { forms: activeForms, images: imagesPerForm, megabytes: imageSizeMb }),
    t.t('planEnded.deactivated', { count: details.deactivatedForms }),
    t.t('planEnded.reactivate'),
  ];
  return message(t, to, link, {
    subject: t.t('planEnded.subject'),
    text: `${lines.join('\n\n')}\n\n${t.t('planEnded.textLink', { link })}\n`,
    html: layout(t, t.t('planEnded.heading'), lines, { label: t.t('planEnded.button'), url: link }),
  });
}

export interface PasswordChangedDetails {
  how: PasswordChangeKind;
  revokedApiTokens: number;
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
  locale: Locale,
): MailMessage {
  const t = mailTranslator(locale);
  const lines = [
    greeting(t, name),
    t.t(details.how === 'reset' ? 'passwordChanged.byReset' : 'passwordChanged.onProfile'),
    t.t('passwordChanged.signedOut'),
    t.t('passwordChanged.revokedTokens', { count: details.revokedApiTokens }),
    t.t('passwordChanged.ifNotYou'),
  ];
  return message(t, to, link, {
    subject: t.t('passwordChanged.subject'),
    text: `${lines.join('\n\n')}\n\n${t.t('passwordChanged.textLink', { link })}\n`,
    html: layout(t, t.t('passwordChanged.heading'), lines, { label: t.t('passwordChanged.button'), url: link }),
  });
}
