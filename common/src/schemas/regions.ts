/**
 * Field regions around the boxes themselves (which live on each field, see `fieldRegionSchema`):
 * the form's region settings (which image the boxes were drawn on, and whether contributors may
 * move them) and each image's shift — how far that scan sits from the sample, as fractions of its
 * width and height, moving every box of the form at once on that image.
 */
import { z } from 'zod';

/** A shift beyond half the page is not a misplaced scan but a different page. */
export const MAX_REGION_SHIFT = 0.5;

export const REGION_SHIFT_SOURCES = ['estimated', 'manual'] as const;

/** GET/PUT /api/forms/{id}/regions */
export const regionSettingsSchema = z.object({
  /** The image the owner drew the boxes on; uploads are matched against it to estimate their shift. */
  sampleImageId: z.number().int().positive().nullable(),
  /** Contributors may shift the boxes on an image they are entering (the owner always may). */
  contributorsMayShift: z.boolean(),
});
export type RegionSettings = z.infer<typeof regionSettingsSchema>;

export const regionSettingsUpdateSchema = regionSettingsSchema.partial().strict();
export type RegionSettingsUpdate = z.infer<typeof regionSettingsUpdateSchema>;

export const REGION_SHIFT_OWNER_ONLY = 'Only the form owner can shift the field boxes on this form';
export const SAMPLE_NOT_IN_FORM = 'The sample image must be one of this form’s images';

const shiftFraction = z.number().min(-MAX_REGION_SHIFT).max(MAX_REGION_SHIFT);

/** PUT /api/images/{id}/region-shift: a person's shift, stored as sure (confidence 1). */
export const regionShiftUpdateSchema = z.object({ dx: shiftFraction, dy: shiftFraction }).strict();
export type RegionShiftUpdate = z.infer<typeof regionShiftUpdateSchema>;

export const regionShiftSchema = z.object({
  dx: z.number(),
  dy: z.number(),
  /** 0..1: for an estimate, how alike the sample's and this image's edges are at the best offset. */
  confidence: z.number(),
  source: z.enum(REGION_SHIFT_SOURCES),
});
export type RegionShift = z.infer<typeof regionShiftSchema>;

/** GET/PUT /api/images/{id}/region-shift: null until estimated or set (then no shift applies). */
export const regionShiftResponseSchema = z.object({ shift: regionShiftSchema.nullable() });
export type RegionShiftResponse = z.infer<typeof regionShiftResponseSchema>;
