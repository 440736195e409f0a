import { z } from 'zod';
import { fieldsSchema } from '../fields.ts';

export const MIN_ENTRIES_PER_IMAGE = 1;
export const MAX_ENTRIES_PER_IMAGE = 10;
export const FORM_NAME_MAX_LENGTH = 200;
export const FORM_DESCRIPTION_MAX_LENGTH = 5000;

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
    organizationName: optionalTrimmed(200),
    organizationUrl: optionalHttpUrl('Organization homepage must be an http(s) address'),
    requiredEntriesPerImage: requiredEntriesSchema.optional(),
    webhookUrl: optionalHttpUrl('Webhook URL must be an http(s) address'),
    isActive: z.boolean().optional(),
    dataEntryActive: z.boolean().optional(),
    fields: fieldsSchema.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'Nothing to update');

export const deactivateFormsRequestSchema = z.object({
  formIds: z.array(z.number().int().positive()).min(1, 'Select at least one form').max(500),
});

export const imagesPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(12),
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
export interface FormResponse {
  id: number;
  name: string;
  description: string | null;
  organizationName: string | null;
  organizationUrl: string | null;
  logoUrl: string | null;
  fields: import('../fields.ts').FormField[];
  requiredEntriesPerImage: number;
  webhookUrl: string | null;
  dataEntryActive: boolean;
  isActive: boolean;
  createdById: number;
  createdAt: string;
  updatedAt: string;
  /** The caller manages this form (its creator, or the super admin). */
  canManage: boolean;
  isOwner: boolean;
}

/** A dashboard card: the form plus its Verification Progress. */
export interface FormListItem extends FormResponse {
  totalImages: number;
  completedImages: number;
}

export interface FieldVerification {
  isVerified: boolean;
  verifiedValue: string | null;
}

export interface ImageResponse {
  id: number;
  formId: number;
  /** 1-based position in upload order, as the image cards number them. */
  number: number;
  filename: string;
  originalName: string;
  publicUrl: string;
  thumbnailUrl: string;
  mimeType: string;
  size: number;
  rotation: number;
  manuallyCompleted: boolean;
  completedAt: string | null;
  exportedAt: string | null;
  uploadedAt: string;
  entryCount: number;
  submissionCount: number;
  verifiedFieldCount: number;
  totalFieldCount: number;
  isComplete: boolean;
  isVerified: boolean;
  /** verifiedFieldCount / totalFieldCount as a whole percent (100 when complete). */
  progressPercent: number;
  fieldVerificationStatus: Record<string, FieldVerification>;
  noDataVoteCount: number;
  unreadableVoteCount: number;
}

export interface ImagesPageResponse {
  images: ImageResponse[];
  total: number;
  totalPages: number;
}
