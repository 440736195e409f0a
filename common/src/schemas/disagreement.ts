/**
 * The disagreement view (beyond the spec): per data field of one image, the values entered,
 * grouped by comparison form (values that count as the same entry), and within each group every
 * distinct written form with who wrote it, so an owner sees exactly what was typed; and the
 * owner's accepted value if there is one.
 */
import { z } from 'zod';
import { FIELD_TYPES } from '../fields.ts';
import { rowIdParamSchema } from './common.ts';
import { fieldVerificationSchema, imageResponseSchema } from './form.ts';

/** One distinct way of writing a value (e.g. `0012,000.50`), and who wrote it so. */
export const writtenFormSchema = z.object({
  value: z.string(),
  count: z.number(),
  submittedBy: z.array(z.string()),
});
export type WrittenForm = z.infer<typeof writtenFormSchema>;

/** Entries that count as the same value. */
export const fieldVariantSchema = z.object({
  /** The written form an agreement on this variant stores: the one most of its entries used. */
  value: z.string(),
  count: z.number(),
  submittedBy: z.array(z.string()),
  /** Every written form in the group, most used first (ties: the earliest). */
  writtenForms: z.array(writtenFormSchema),
});
export type FieldVariant = z.infer<typeof fieldVariantSchema>;

export const fieldResolutionSchema = z.object({
  value: z.string(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string(),
});
export type FieldResolution = z.infer<typeof fieldResolutionSchema>;

export const fieldVariantsSchema = z.object({
  fieldId: z.string(),
  label: z.string(),
  type: z.enum(FIELD_TYPES),
  ...fieldVerificationSchema.shape,
  variants: z.array(fieldVariantSchema),
  resolution: fieldResolutionSchema.nullable(),
});
export type FieldVariants = z.infer<typeof fieldVariantsSchema>;

/** GET /api/images/{id}/variants. */
export const imageVariantsResponseSchema = z.object({
  image: imageResponseSchema,
  fields: z.array(fieldVariantsSchema),
});
export type ImageVariantsResponse = z.infer<typeof imageVariantsResponseSchema>;

/** POST /api/images/{id}/resolutions: the owner accepts one variant of a field as its value. */
export const acceptVariantRequestSchema = z.object({
  fieldId: z.string().min(1).max(64),
  value: z.string().max(10_000),
});

/** DELETE /api/images/{id}/resolutions/{fieldId}: the image and the field whose accepted value is withdrawn. */
export const resolutionParamsSchema = z.object({ id: rowIdParamSchema, fieldId: z.string().min(1).max(64) });
