import { z } from 'zod';
import { fieldsSchema, storedFieldSchema } from '../fields.ts';
import { localeSchema } from '../i18n/locales.ts';
import { WEBHOOK_URL_NOT_HTTP } from '../webhookUrlMessages.ts';
import { imageMetadataSchema, imageSourceSchema } from './catalogue.ts';
import { rowIdSchema } from './common.ts';

export const MIN_ENTRIES_PER_IMAGE = 1;
export const MAX_ENTRIES_PER_IMAGE = 10;
export const FORM_NAME_MAX_LENGTH = 200;
export const FORM_DESCRIPTION_MAX_LENGTH = 5000;
export const FORM_INSTRUCTIONS_MAX_LENGTH = 10_000;

const optionalTrimmed = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    // Absent stays absent (a PATCH leaves it alone); blank or null clears it.
    .transform((v) => (v === undefined ? undefined : v || null));

const optionalHttpUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(2000)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null))
    .refine((v) => !v || (/^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v)), message);

export const formNameSchema = z
  .string({ error: 'Form name is required' })
  .trim()
  .min(1, 'Form name is required')
  .max(FORM_NAME_MAX_LENGTH);

export const requiredEntriesSchema = z
  .number({ error: 'Verification threshold must be a number from 1 to 10' })
  .int()
  .min(MIN_ENTRIES_PER_IMAGE, 'Verification threshold must be a number from 1 to 10')
  .max(MAX_ENTRIES_PER_IMAGE, 'Verification threshold must be a number from 1 to 10');

/** POST /api/forms. Server-owned fields (createdById, isActive ...) are not accepted. */
export const createFormRequestSchema = z.object({
  name: formNameSchema,
  description: optionalTrimmed(FORM_DESCRIPTION_MAX_LENGTH),
  instructions: optionalTrimmed(FORM_INSTRUCTIONS_MAX_LENGTH),
  fields: fieldsSchema.default([]),
  requiredEntriesPerImage: requiredEntriesSchema.default(1),
});

/**
 * PATCH /api/forms/{id}: the builder's autosave ({fields}), the settings dialog, or the
 * Active badge ({isActive}); any subset of these keys. Unknown keys are dropped.
 */
export const updateFormRequestSchema = z
  .object({
    name: formNameSchema.optional(),
    description: optionalTrimmed(FORM_DESCRIPTION_MAX_LENGTH),
    /** Shown to contributors before their first image, and again on request. */
    instructions: optionalTrimmed(FORM_INSTRUCTIONS_MAX_LENGTH),
    organizationName: optionalTrimmed(200),
    organizationUrl: optionalHttpUrl('Organization homepage must be an http(s) address'),
    requiredEntriesPerImage: requiredEntriesSchema.optional(),
    webhookUrl: optionalHttpUrl(WEBHOOK_URL_NOT_HTTP),
    isActive: z.boolean().optional(),
    dataEntryActive: z.boolean().optional(),
    fields: fieldsSchema.optional(),
    /** The language of the entry page's own words for contributors who chose none (issue 29); null: theirs. */
    language: localeSchema.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'Nothing to update');

export const deactivateFormsRequestSchema = z.object({
  formIds: z.array(rowIdSchema).min(1, 'Select at least one form').max(500),
});

export const imagesPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(12),
  /** Part of the original name, or the image's number (the builder preview's picker). */
  search: z.string().trim().max(200).default(''),
});

export const rotateImageRequestSchema = z.object({
  rotation: z
    .number()
    .int()
    .refine((r) => r % 90 === 0, 'Rotation must be a multiple of 90 degrees')
    .transform((r) => ((r % 360) + 360) % 360),
});

export type CreateFormRequest = z.input<typeof createFormRequestSchema>;
export type UpdateFormRequest = z.input<typeof updateFormRequestSchema>;

/** A form as the API shows it. `webhookUrl` is shown to those who manage the form only. */
export const formResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  instructions: z.string().nullable(),
  organizationName: z.string().nullable(),
  organizationUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
  fields: z.array(storedFieldSchema),
  requiredEntriesPerImage: z.number(),
  webhookUrl: z.string().nullable(),
  dataEntryActive: z.boolean(),
  isActive: z.boolean(),
  createdById: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The caller manages this form (its creator, or the super admin). */
  canManage: z.boolean(),
  isOwner: z.boolean(),
  /** The owner's choice of interface language for the entry page, or null (each contributor's own). */
  language: localeSchema.nullable(),
});
export type FormResponse = z.infer<typeof formResponseSchema>;

/**
 * PATCH /api/forms/{id}: the form, and when the change gave a field new rules while entries exist,
 * how many entered values of each such field now break them. Entries and consensus stay as they
 * are; the builder tells the owner.
 */
export const updateFormResponseSchema = formResponseSchema.extend({
  ruleBreaks: z.array(z.object({ fieldId: z.string(), count: z.number() })).optional(),
});
export type UpdateFormResponse = z.infer<typeof updateFormResponseSchema>;

/** A dashboard card: the form plus its Verification Progress. */
export const formListItemSchema = formResponseSchema.extend({
  totalImages: z.number(),
  completedImages: z.number(),
});
export type FormListItem = z.infer<typeof formListItemSchema>;

/** GET /api/forms: the dashboard's cards. */
export const formListResponseSchema = z.array(formListItemSchema);

/** POST /api/forms/deactivate-multiple: how many forms were active and now are not. */
export const deactivateFormsResponseSchema = z.object({ deactivated: z.number() });

/** POST /api/forms/{id}/logo: the new logo's URL (the form's `logoUrl`). */
export const formLogoResponseSchema = z.object({ logoUrl: z.string() });

export const fieldVerificationSchema = z.object({
  isVerified: z.boolean(),
  verifiedValue: z.string().nullable(),
  /** The agreed value breaks the field's rules and its entries marked it "as written on the page". */
  asWritten: z.boolean().optional(),
});
export type FieldVerification = z.infer<typeof fieldVerificationSchema>;

export const imageResponseSchema = z.object({
  id: z.number(),
  formId: z.number(),
  /** 1-based position in upload order, as the image cards number them. */
  number: z.number(),
  filename: z.string(),
  originalName: z.string(),
  publicUrl: z.string(),
  thumbnailUrl: z.string(),
  mimeType: z.string(),
  size: z.number(),
  rotation: z.number(),
  manuallyCompleted: z.boolean(),
  completedAt: z.string().nullable(),
  exportedAt: z.string().nullable(),
  uploadedAt: z.string(),
  entryCount: z.number(),
  submissionCount: z.number(),
  verifiedFieldCount: z.number(),
  totalFieldCount: z.number(),
  isComplete: z.boolean(),
  isVerified: z.boolean(),
  /** verifiedFieldCount / totalFieldCount as a whole percent (100 when complete). */
  progressPercent: z.number(),
  fieldVerificationStatus: z.record(z.string(), fieldVerificationSchema),
  noDataVoteCount: z.number(),
  unreadableVoteCount: z.number(),
  source: imageSourceSchema,
  /** The catalogue's columns for this image; empty for anyone who does not manage the form. */
  metadata: imageMetadataSchema,
});
export type ImageResponse = z.infer<typeof imageResponseSchema>;

export const imagesPageResponseSchema = z.object({
  images: z.array(imageResponseSchema),
  total: z.number(),
  totalPages: z.number(),
});
export type ImagesPageResponse = z.infer<typeof imagesPageResponseSchema>;
