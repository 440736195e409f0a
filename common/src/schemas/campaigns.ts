/**
 * Progress e-mail campaigns (the owner's Send Progress Email dialog): who receives them, the
 * figures they show, and the three calls that preview, create and send one.
 */
import { z } from 'zod';
import { rowIdParamSchema, rowIdSchema } from './common.ts';

export const CAMPAIGN_AUDIENCES = ['all', 'invited', 'contributors', 'custom'] as const;
export type CampaignAudience = (typeof CAMPAIGN_AUDIENCES)[number];

/** Campaigns a form may send in any 24 hours: progress mail, not a newsletter (README "Progress e-mails"). */
export const MAX_CAMPAIGNS_PER_FORM_PER_DAY = 3;

/** Recipients listed by name in a preview; the total counts them all. */
export const PREVIEW_RECIPIENT_LIMIT = 50;

export const CAMPAIGN_SUBJECT_MAX = 200;
export const CAMPAIGN_SENDER_MAX = 100;
export const CAMPAIGN_NOTE_MAX = 5000;

/** The spec's default subject. */
export function defaultCampaignSubject(formName: string): string {
  return `Update on ${formName} digitization project`;
}

export const CAMPAIGN_MESSAGES = {
  subjectRequired: 'Subject is required',
  senderRequired: 'Sender name is required',
  singleLine: 'Use a single line (no line breaks)',
  chooseRecipients: 'Select at least one recipient',
  dateFormat: 'Dates must be given as YYYY-MM-DD',
  dateOrder: 'The start date must be on or before the end date',
  dailyLimitReached: `This form has already sent ${MAX_CAMPAIGNS_PER_FORM_PER_DAY} progress e-mails in the last 24 hours. Please try again tomorrow.`,
} as const;

/** A calendar day from a date input; empty or absent means no bound. */
const optionalDay = z
  .union([z.iso.date({ error: CAMPAIGN_MESSAGES.dateFormat }), z.literal(''), z.null()])
  .optional()
  .transform((day) => day || null);

/** Subject and sender go into mail headers: one line, no control characters. */
const headerLine = (required: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max)
    .refine((text) => !/[\p{Cc}]/u.test(text), CAMPAIGN_MESSAGES.singleLine);

const audienceFields = {
  targetUserTypes: z.enum(CAMPAIGN_AUDIENCES).default('all'),
  /** Only read for the custom audience (the dialog sends it only then). */
  selectedUserIds: z.array(rowIdSchema).max(10_000).nullish(),
  metricsDateStart: optionalDay,
  metricsDateEnd: optionalDay,
};

interface AudienceInput {
  targetUserTypes: CampaignAudience;
  selectedUserIds?: number[] | null;
  metricsDateStart: string | null;
  metricsDateEnd: string | null;
}

function checkAudience(input: AudienceInput, ctx: z.RefinementCtx) {
  if (input.targetUserTypes === 'custom' && !input.selectedUserIds?.length) {
    ctx.addIssue({ code: 'custom', path: ['selectedUserIds'], message: CAMPAIGN_MESSAGES.chooseRecipients });
  }
  if (input.metricsDateStart && input.metricsDateEnd && input.metricsDateStart > input.metricsDateEnd) {
    ctx.addIssue({ code: 'custom', path: ['metricsDateEnd'], message: CAMPAIGN_MESSAGES.dateOrder });
  }
}

/** Recipients only for the custom audience; otherwise none are kept. */
const keepSelectionForCustom = <T extends AudienceInput>(input: T) => ({
  ...input,
  selectedUserIds: input.targetUserTypes === 'custom' ? [...new Set(input.selectedUserIds ?? [])] : null,
});

/** POST /api/forms/{id}/email-campaigns/preview. */
export const campaignPreviewRequestSchema = z
  .object(audienceFields)
  .superRefine(checkAudience)
  .transform(keepSelectionForCustom);
export type CampaignPreviewRequest = z.input<typeof campaignPreviewRequestSchema>;
export type CampaignAudienceChoice = z.output<typeof campaignPreviewRequestSchema>;

/** POST /api/forms/{id}/email-campaigns: a draft, sent by the call below. */
export const createCampaignRequestSchema = z
  .object({
    subject: headerLine(CAMPAIGN_MESSAGES.subjectRequired, CAMPAIGN_SUBJECT_MAX),
    senderName: headerLine(CAMPAIGN_MESSAGES.senderRequired, CAMPAIGN_SENDER_MAX),
    personalNote: z
      .string()
      .trim()
      .max(CAMPAIGN_NOTE_MAX)
      .nullish()
      .transform((note) => note || null),
    includeMetrics: z.boolean().default(true),
    ...audienceFields,
  })
  .superRefine(checkAudience)
  .transform(keepSelectionForCustom);
export type CreateCampaignRequest = z.input<typeof createCampaignRequestSchema>;
export type NewCampaign = z.output<typeof createCampaignRequestSchema>;

export const campaignParamsSchema = z.object({ id: rowIdParamSchema, campaignId: rowIdParamSchema });

/** The figures a campaign shows; the date range bounds the activity (contributors, submissions, new images). */
export const campaignMetricsSchema = z.object({
  completionPercentage: z.number(),
  completedImages: z.number(),
  totalImages: z.number(),
  contributorCount: z.number(),
  submissionCount: z.number(),
  newImagesAdded: z.number(),
  dateRange: z.object({ start: z.string().nullable(), end: z.string().nullable() }),
});
export type CampaignMetrics = z.infer<typeof campaignMetricsSchema>;

export const campaignRecipientSchema = z.object({ id: z.number(), email: z.string(), name: z.string().nullable() });

export const campaignPreviewResponseSchema = z.object({
  /** Everyone the campaign would reach now (blocked and unsubscribed people are never counted). */
  totalRecipients: z.number(),
  /** The first PREVIEW_RECIPIENT_LIMIT of them, by id. */
  recipients: z.array(campaignRecipientSchema),
  metrics: campaignMetricsSchema,
});
export type CampaignPreviewResponse = z.infer<typeof campaignPreviewResponseSchema>;

export const createCampaignResponseSchema = z.object({ id: z.number() });

export const CAMPAIGN_STATUSES = ['draft', 'sending', 'sent'] as const;

/**
 * POST .../{campaignId}/send. The messages go out through the mail queue, one per recipient:
 * sentCount is the number of people the campaign is being sent to (the spec's 'Successfully sent
 * to N recipients'). Sending again answers the same and mails nobody twice.
 */
export const sendCampaignResponseSchema = z.object({
  sentCount: z.number(),
  status: z.enum(CAMPAIGN_STATUSES),
});
export type SendCampaignResponse = z.infer<typeof sendCampaignResponseSchema>;

export const unsubscribeParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** POST /api/unsubscribe/{token}: the form whose progress e-mails stop. */
export const unsubscribeResponseSchema = z.object({ formName: z.string() });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;
