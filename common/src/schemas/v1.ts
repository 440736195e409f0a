/**
 * The public API's own shapes (/api/v1): cursor pages and the consolidated row with per-field
 * status. Everything else it answers reuses the browser API's schemas, so one schema describes a
 * form or an image wherever it appears — and the OpenAPI document is generated from these.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { imageMetadataSchema, imageSourceSchema } from './catalogue.ts';
import { MAX_ROW_ID } from './common.ts';
import { CONSOLIDATED_FILTERS, consolidatedColumnSchema, EXPORT_FORMATS, exportRequestSchema } from './consolidated.ts';
import { fieldVerificationSchema, formListItemSchema } from './form.ts';

export const V1_PAGE_LIMIT_DEFAULT = 50;
export const V1_PAGE_LIMIT_MAX = 200;

/**
 * A page of a list: `cursor` is the `nextCursor` of the page before (absent for the first). Pages
 * are keyset pages on ids, so rows added meanwhile never shift a page or repeat a row.
 */
export const cursorQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, MESSAGES.apiCursorInvalid)
    .refine((text) => Number(text) <= MAX_ROW_ID, MESSAGES.apiCursorInvalid)
    .optional()
    .describe('The nextCursor of the previous page; omit for the first page.'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(V1_PAGE_LIMIT_MAX)
    .default(V1_PAGE_LIMIT_DEFAULT)
    .describe('Rows per page.'),
});
export type CursorQuery = z.infer<typeof cursorQuerySchema>;

/** A page of `item`s; `nextCursor` is null on the last page. */
export function cursorPageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({ data: z.array(item), nextCursor: z.string().nullable() });
}

/** GET /api/v1/forms: the forms the token's owner manages or contributes to. */
export const v1FormListResponseSchema = z.object({ data: z.array(formListItemSchema) });

/** One image's verified data: every data field's status and agreed value, keyed by field id. */
export const v1ConsolidatedRowSchema = z.object({
  imageId: z.number(),
  originalName: z.string(),
  progressPercent: z.number(),
  isComplete: z.boolean(),
  manuallyCompleted: z.boolean(),
  lastSubmissionAt: z.string().nullable(),
  exportedAt: z.string().nullable(),
  fields: z.record(z.string(), fieldVerificationSchema),
  source: imageSourceSchema,
  /** The form catalogue's columns for this image (column -> text). */
  metadata: imageMetadataSchema,
});
export type V1ConsolidatedRow = z.infer<typeof v1ConsolidatedRowSchema>;

export const v1ConsolidatedQuerySchema = cursorQuerySchema.extend({
  filter: z.enum(CONSOLIDATED_FILTERS).optional().describe('Omit for every image.'),
});

/** GET /api/v1/forms/{id}/consolidated-data: rows in image order, with the columns that label the fields. */
export const v1ConsolidatedPageResponseSchema = cursorPageSchema(v1ConsolidatedRowSchema).extend({
  columns: z.array(consolidatedColumnSchema),
});

/** The browser's formats, and NDJSON (one consolidated row per line) for scripts. */
export const V1_EXPORT_FORMATS = [...EXPORT_FORMATS, 'ndjson'] as const;

/**
 * POST /api/v1/forms/{id}/export: the browser's export (the same rows, formats and export ledger),
 * or NDJSON. `all` and `not-exported` stamp the rows they send, so they need a read-and-write
 * token; `verified` changes nothing.
 */
export const v1ExportRequestSchema = exportRequestSchema.extend({
  format: z.enum(V1_EXPORT_FORMATS, { error: 'format must be csv, xlsx, json, datapackage or ndjson' }).default('csv'),
});

/** GET /api/v1/openapi.json: an OpenAPI 3.1 document. */
export const openApiDocumentSchema = z
  .object({ openapi: z.string(), info: z.object({ title: z.string(), version: z.string() }).loose() })
  .loose();
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;
