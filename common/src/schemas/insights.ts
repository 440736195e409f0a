/** The Insights tab (Professional owners and the administrator): requests and responses. */
import { z } from 'zod';
import { FIELD_TYPES } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
import { MAX_ROW_ID, rowIdParamSchema } from './common.ts';

const intervalSchema = z.object({ low: z.number(), high: z.number() });

/**
 * Figures from the form's maintained sums say `computing` while the form's first recount runs
 * (a form with entries from before Insights): they are empty or partial until it is done.
 */
const computingSchema = z.boolean();

/** Matches out of entries on verified fields, the share and its Wilson 95 % interval. */
const agreementFiguresSchema = z.object({
  entries: z.number().int(),
  matches: z.number().int(),
  /** matches / entries; null before any entry was on a verified field. */
  score: z.number().nullable(),
  interval: intervalSchema,
});

export const contributorAgreementSchema = agreementFiguresSchema.extend({
  user: z.object({ id: z.number(), name: z.string().nullable(), username: z.string() }),
  isBlocked: z.boolean(),
  byFieldType: z.array(agreementFiguresSchema.extend({ fieldType: z.enum(FIELD_TYPES) })),
});
export type ContributorAgreement = z.infer<typeof contributorAgreementSchema>;

export const agreementResponseSchema = z.object({
  contributors: z.array(contributorAgreementSchema),
  computing: computingSchema,
});
export type AgreementResponse = z.infer<typeof agreementResponseSchema>;

export const contributorParamsSchema = z.object({ id: rowIdParamSchema, userId: rowIdParamSchema });

/** One entry of a contributor that differs from the verified value. */
export const disagreementEntrySchema = z.object({
  imageId: z.number(),
  imageNumber: z.number(),
  fieldId: z.string(),
  fieldLabel: z.string(),
  entered: z.string(),
  verified: z.string(),
  submittedAt: z.string(),
});

export const DISAGREEMENTS_PAGE_DEFAULT = 50;
export const DISAGREEMENTS_PAGE_MAX = 200;

/** A keyset page: `cursor` is the previous page's `nextCursor` (`<submission id>.<field id>`). */
export const contributorDisagreementsQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,9}\..{1,200}$/s, MESSAGES.apiCursorInvalid)
    .refine((text) => Number(text.slice(0, text.indexOf('.'))) <= MAX_ROW_ID, MESSAGES.apiCursorInvalid)
    .optional(),
  limit: z.coerce.number().int().min(1).max(DISAGREEMENTS_PAGE_MAX).default(DISAGREEMENTS_PAGE_DEFAULT),
});
export type ContributorDisagreementsQuery = z.infer<typeof contributorDisagreementsQuerySchema>;

export const contributorDisagreementsResponseSchema = z.object({
  disagreements: z.array(disagreementEntrySchema),
  /** The next page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
  computing: computingSchema,
});
export type ContributorDisagreementsResponse = z.infer<typeof contributorDisagreementsResponseSchema>;

export const fieldDifficultySchema = z.object({
  fieldId: z.string(),
  label: z.string(),
  type: z.enum(FIELD_TYPES),
  comparedImages: z.number().int(),
  disagreeingImages: z.number().int(),
  /** disagreeingImages / comparedImages; null before two entries were compared. */
  disagreementShare: z.number().nullable(),
  variantImages: z.number().int(),
  formatOnlyImages: z.number().int(),
  /** Of the images whose entries were written differently, the share that differ only in spacing, case or date format. */
  formatOnlyShare: z.number().nullable(),
});
export type FieldDifficulty = z.infer<typeof fieldDifficultySchema>;
export const fieldDifficultyResponseSchema = z.object({
  fields: z.array(fieldDifficultySchema),
  computing: computingSchema,
});
export type FieldDifficultyResponse = z.infer<typeof fieldDifficultyResponseSchema>;

export const throughputQuerySchema = z.object({ days: z.coerce.number().int().min(7).max(366).default(60) });

export const throughputDaySchema = z.object({
  /** YYYY-MM-DD (UTC). */
  day: z.string(),
  submissions: z.number().int(),
  completedImages: z.number().int(),
  activeContributors: z.number().int(),
});
export type ThroughputDay = z.infer<typeof throughputDaySchema>;

export const throughputResponseSchema = z.object({
  days: z.array(throughputDaySchema),
  remainingImages: z.number().int(),
  /**
   * Completed images per day over the last `rateDays` days: the last 14 days from the first with
   * any activity among them (a form that started today has a rate over one day).
   */
  recentDailyRate: z.number(),
  /** How many days, ending today, the rate is taken over (1 to 14); 0 when none of the last 14 had activity. */
  rateDays: z.number().int(),
  /** YYYY-MM-DD when the remaining images would be done at that rate; null when nothing is left or nothing moves. */
  projectedCompletion: z.string().nullable(),
});
export type ThroughputResponse = z.infer<typeof throughputResponseSchema>;

export const heatmapResponseSchema = z.object({
  imageCount: z.number().int(),
  requiredEntriesPerImage: z.number().int(),
  /** Base64 of one byte per image in image-number order: its index in HEAT_STATES. */
  states: z.string(),
});
export type HeatmapResponse = z.infer<typeof heatmapResponseSchema>;
