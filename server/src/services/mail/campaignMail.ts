/**
 * A progress e-mail to one person: the owner's note, the form's figures, a link to the form and
 * a one-click unsubscribe (RFC 8058: the List-Unsubscribe URL answers a POST with no further
 * step). Everything the owner wrote, and the form's name, is escaped in the HTML part; the From
 * line shows the owner's sender name with our address, marked "via Formscribe" so it is never
 * mistaken for mail from someone else's own domain.
 */
import { countText } from '@formscribe/common/countText';
import type { CampaignMetrics } from '@formscribe/common/schemas/campaigns';
import type { MailMessage } from './mailer.ts';

const PRODUCT = 'Formscribe';

export interface CampaignMailInput {
  to: string;
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

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function rangeText(range: CampaignMetrics['dateRange']): string {
  if (range.start && range.end) return `from ${range.start} to ${range.end}`;
  if (range.start) return `since ${range.start}`;
  if (range.end) return `up to ${range.end}`;
  return 'so far';
}

/** The figures as plain lines, shared by both parts. */
export function metricLines(metrics: CampaignMetrics): string[] {
  return [
    `${metrics.completionPercentage}% complete: ${metrics.completedImages.toLocaleString('en-US')} of ${countText(metrics.totalImages, 'image')} done`,
    `Activity ${rangeText(metrics.dateRange)}: ${countText(metrics.contributorCount, 'contributor')}, ${countText(metrics.submissionCount, 'submission')}, ${countText(metrics.newImagesAdded, 'new image')}`,
  ];
}

function textPart(input: CampaignMailInput): string {
  const parts = [];
  if (input.personalNote) parts.push(input.personalNote);
  if (input.metrics)
    parts.push([`Progress on ${input.formName}:`, ...metricLines(input.metrics).map((l) => `- ${l}`)].join('\n'));
  parts.push(`Continue on ${input.formName}: ${input.formLink}`);
  parts.push(`${input.senderName}`);
  parts.push(
    `You receive this because you take part in ${input.formName} on ${PRODUCT}.\nUnsubscribe from this form's progress e-mails: ${input.unsubscribePageLink}`,
  );
  return `${parts.join('\n\n')}\n`;
}

function htmlPart(input: CampaignMailInput): string {
  const note = input.personalNote
    ? `<p style="margin:0 0 16px;white-space:pre-line">${escapeHtml(input.personalNote)}</p>`
    : '';
  const figures = input.metrics
    ? `<h2 style="font-size:16px;margin:24px 0 8px">Progress on ${escapeHtml(input.formName)}</h2><ul style="margin:0 0 16px;padding-left:20px">${metricLines(
        input.metrics,
      )
        .map((line) => `<li>${escapeHtml(line)}</li>`)
        .join('')}</ul>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;background:#f6f7f9;padding:24px">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(input.subject)}</h1>${note}${figures}
<p style="margin:24px 0"><a href="${escapeHtml(input.formLink)}" style="background:#2563eb;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">Continue on ${escapeHtml(input.formName)}</a></p>
<p style="margin:0 0 16px">${escapeHtml(input.senderName)}</p>
<p style="font-size:13px;color:#6b7280">You receive this because you take part in ${escapeHtml(input.formName)} on ${PRODUCT}. <a href="${escapeHtml(input.unsubscribePageLink)}" style="color:#6b7280">Unsubscribe</a> from this form's progress e-mails.</p>
</div></body></html>`;
}

export function campaignEmail(input: CampaignMailInput): MailMessage {
  return {
    to: input.to,
    subject: input.subject,
    fromName: `${input.senderName} via ${PRODUCT}`,
    text: textPart(input),
    html: htmlPart(input),
    headers: {
      'List-Unsubscribe': `<${input.unsubscribePostUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
