import { z } from 'zod';

/** Where an image came from: the uploaded file's name (or its path in a ZIP) and the page, from 1. */
export const imageSourceSchema = z.object({
  fileName: z.string(),
  /** The page of a PDF or TIFF, counted from 1; null for a single image. */
  page: z.number().int().min(1).nullable(),
});
export type ImageSource = z.infer<typeof imageSourceSchema>;

/** An image's catalogue data: the matched row's columns (fileName and page aside) -> text. */
export const imageMetadataSchema = z.record(z.string(), z.string());
export type ImageMetadata = z.infer<typeof imageMetadataSchema>;

/** A catalogue row that matched no image of the form (yet): `line` is its line in the file. */
export const unmatchedCatalogueRowSchema = z.object({
  line: z.number(),
  fileName: z.string(),
  page: z.number().nullable(),
});

/** POST /api/forms/{id}/catalogue */
export const catalogueResponseSchema = z.object({
  /** Rows that matched at least one image of the form. */
  matched: z.number(),
  /** Rows that matched none; they stay with the form and apply to scans uploaded later. */
  unmatched: z.array(unmatchedCatalogueRowSchema),
  /** The metadata columns, in the file's order. */
  columns: z.array(z.string()),
});
export type CatalogueResponse = z.infer<typeof catalogueResponseSchema>;
