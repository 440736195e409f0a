/**
 * A progress e-mail to one person: the owner's note, the form's figures, a link to the form and
 * a one-click unsubscribe (RFC 8058: the List-Unsubscribe URL answers a POST with no further
 * step). Everything the owner wrote, and the form's name, is escaped in the HTML part; the From
 * line shows the owner's sender name with our address, marked "via Formscribe" so it is never
 * mistaken for mail from someone else's own domain. Our own words (figures, the link, the footer)
 * are in the recipient's language (mailLanguage.ts); the owner's subject and note stay as written.
 */
import type { Locale } from '@formscribe/common/i18n/locales';
import type { CampaignMetrics } from '@formscribe/common/schemas/campaigns';
import { escapeHtml } from '../../htmlEscape.ts';
import type { MailMessage } from './mailer.ts';
import { htmlMessage, languageHeaders, type MailTranslator, mailTranslator } from './mailLanguage.ts';
import { htmlTag } from './templates.ts';

export interface CampaignMailInput {
  to: string;
  /** The recipient's language, for everything but what the owner wrote. */
  locale: Locale;
  subject: string;
  senderName: string;
  personalNote: string | null;
  formName: string;
  metrics: CampaignMetrics | null;
  formLink: string;
  /** The page a person opens from the message (it confirms and unsubscribes). */
  unsubscribePageLink: string;
  /** The URL mail clients POST to for one-click unsubscribe. */
  unsubscribePostUrl: string;
}

/** The days are written as the owner picked them (YYYY-MM-DD), readable in every language. */
function rangeText(t: MailTranslator, { start, end }: CampaignMetrics['dateRange']): string {
  if (start && end) return t.t('campaign.rangeBetween', { start, end });
  if (start) return t.t('campaign.rangeSince', { start });
  if (end) return t.t('campaign.rangeUpTo', { end });
  return t.t('campaign.rangeSoFar');
}

/** The figures as plain lines, shared by both parts. */
export function metricLines(t: MailTranslator, metrics: CampaignMetrics): string[] {
  return [
    t.t('campaign.completion', {
      percent: metrics.completionPercentage,
      completed: metrics.completedImages,
      total: metrics.totalImages,
    }),
    t.t('campaign.activity', {
      range: rangeText(t, metrics.dateRange),
      contributors: metrics.contributorCount,
      submissions: metrics.submissionCount,
      newImages: metrics.newImagesAdded,
    }),
  ];
}

function textPart(t: MailTranslator, input: CampaignMailInput): string {
  const form = input.formName;
  const parts = [];
  if (input.personalNote) parts.push(input.personalNote);
  if (input.metrics)
    parts.push(
      [t.t('campaign.progressText', { form }), ...metricLines(t, input.metrics).map((l) => `- ${l}`)].join('\n'),
    );
  parts.push(t.t('campaign.continueText', { form, link: input.formLink }));
  parts.push(`${input.senderName}`);
  parts.push(
    `${t.t('campaign.whyReceived', { form })}\n${t.t('campaign.unsubscribeText', { link: input.unsubscribePageLink })}`,
  );
  return `${parts.join('\n\n')}\n`;
}

function htmlPart(t: MailTranslator, input: CampaignMailInput): string {
  const form = input.formName;
  const note = input.personalNote
    ? `<p style="margin:0 0 16px;white-space:pre-line">${escapeHtml(input.personalNote)}</p>`
    : '';
  const figures = input.metrics
    ? `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(t.t('campaign.progressHeading', { form }))}</h2><ul style="margin:0 0 16px;padding-inline-start:20px">${metricLines(
        t,
        input.metrics,
      )
        .map((line) => `<li>${escapeHtml(line)}</li>`)
        .join('')}</ul>`
    : '';
  const unsubscribe = `<a href="${escapeHtml(input.unsubscribePageLink)}" style="color:#6b7280">${escapeHtml(t.t('campaign.unsubscribeLink'))}</a>`;
  return `<!doctype html>${htmlTag(t.locale)}<body style="font-family:system-ui,sans-serif;color:#1f2937;background:#f6f7f9;padding:24px">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(input.subject)}</h1>${note}${figures}
<p style="margin:24px 0"><a href="${escapeHtml(input.formLink)}" style="background:#2563eb;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(t.t('campaign.continueButton', { form }))}</a></p>
<p style="margin:0 0 16px">${escapeHtml(input.senderName)}</p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(t.t('campaign.whyReceived', { form }))} ${htmlMessage(t, 'campaign.unsubscribeHtml', {}, { unsubscribe })}</p>
</div></body></html>`;
}

export function campaignEmail(input: CampaignMailInput): MailMessage {
  const t = mailTranslator(input.locale);
  return {
    to: input.to,
    subject: input.subject,
    fromName: t.t('campaign.fromName', { sender: input.senderName }),
    text: textPart(t, input),
    html: htmlPart(t, input),
    headers: {
      ...languageHeaders(input.locale),
      'List-Unsubscribe': `<${input.unsubscribePostUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
