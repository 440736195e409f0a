import { z } from 'zod';
import { CATALOGUE_LIMITS } from '../limits.ts';

/** Where an image came from: the uploaded file's name (or its path in a ZIP) and the page, from 1. */
export const imageSourceSchema = z.object({
  fileName: z.string(),
  /** The page of a PDF or TIFF, counted from 1; null for a single image. */
  page: z.number().int().min(1).nullable(),
});
export type ImageSource = z.infer<typeof imageSourceSchema>;

/** An image's catalogue data: the matched row's columns (fileName and page aside) -> text. */
export const imageMetadataSchema = z.record(z.string(), z.string());

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
  /** The columns contributors see while entering, in the catalogue's order (kept across uploads). */
  contributorColumns: z.array(z.string()),
});
export type CatalogueResponse = z.infer<typeof catalogueResponseSchema>;

/** GET /api/forms/{id}/catalogue and PUT …/contributor-columns: no columns when there is no catalogue. */
export const formCatalogueSchema = z.object({
  columns: z.array(z.string()),
  contributorColumns: z.array(z.string()),
});
export type FormCatalogue = z.infer<typeof formCatalogueSchema>;

/** PUT /api/forms/{id}/catalogue/contributor-columns: the columns contributors see, none to hide all. */
export const contributorColumnsRequestSchema = z.object({
  columns: z.array(z.string().max(CATALOGUE_LIMITS.maxCellLength)).max(CATALOGUE_LIMITS.maxColumns),
});

export const CONTRIBUTOR_COLUMNS_MESSAGES = {
  noCatalogue: 'This form has no catalogue yet: upload one before choosing the columns contributors see',
  unknownColumn: (name: string) => `The catalogue has no column "${name}"`,
} as const;
