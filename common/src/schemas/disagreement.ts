/**
 * The disagreement view (beyond the spec): per data field of one image, every distinct value
 * entered with who entered it, and the owner's accepted value if there is one.
 */
import { z } from 'zod';
import { FIELD_TYPES } from '../fields.ts';
import { imageResponseSchema } from './form.ts';

export const fieldVariantSchema = z.object({
  value: z.string(),
  count: z.number(),
  submittedBy: z.array(z.string()),
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
  isVerified: z.boolean(),
  verifiedValue: z.string().nullable(),
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
