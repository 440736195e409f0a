import { z } from 'zod';

export const CONSOLIDATED_FILTERS = ['exported', 'not-exported'] as const;
export const CONSOLIDATED_SORTS = ['filename', 'completion', 'last-submission'] as const;
export type ConsolidatedFilter = (typeof CONSOLIDATED_FILTERS)[number];
export type ConsolidatedSort = (typeof CONSOLIDATED_SORTS)[number];

/** GET /api/forms/{id}/consolidated-data: `filter` omitted for all; paged so large forms stay fast. */
export const consolidatedQuerySchema = z.object({
  filter: z.enum(CONSOLIDATED_FILTERS).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  sort: z.enum(CONSOLIDATED_SORTS).default('filename'),
  search: z.string().trim().max(200).default(''),
});

export const consolidatedColumnSchema = z.object({
  fieldId: z.string(),
  label: z.string(),
  required: z.boolean(),
  key: z.string(),
});

/**
 * A row of the consolidated table may carry `<column key>_as_written: true` beside a verified
 * value whose agreeing entries marked it "as written on the page": the value breaks the field's
 * rules and the paper holds it. Absent otherwise.
 */
export const AS_WRITTEN_KEY_SUFFIX = '_as_written';

export const consolidatedResponseSchema = z.object({
  columns: z.array(consolidatedColumnSchema),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
});
export type ConsolidatedResponse = z.infer<typeof consolidatedResponseSchema>;

export const EXPORT_TYPES = ['all', 'not-exported', 'verified'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];
export const NOTHING_TO_EXPORT = 'There is no data to export';

/**
 * What an export is written as. `csv` (the default) keeps the spec's columns; the others use the
 * fields' stable column names and carry the codebook: `xlsx` as a second sheet, `json` beside the
 * rows, `datapackage` as a Frictionless Data Package (a ZIP of datapackage.json and the CSV).
 */
export const EXPORT_FORMATS = ['csv', 'xlsx', 'json', 'datapackage'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const exportRequestSchema = z.object({
  exportType: z.enum(EXPORT_TYPES, { error: 'exportType must be all, not-exported or verified' }),
  format: z.enum(EXPORT_FORMATS, { error: 'format must be csv, xlsx, json or datapackage' }).default('csv'),
});
export type ExportRequest = z.infer<typeof exportRequestSchema>;

/** The spec's file names: `{form name}_verified_data.csv`, `{form name}_not_yet_exported_data.csv`. */
export function exportFilename(formName: string, exportType: ExportType): string {
  return `${formName}_${exportType === 'not-exported' ? 'not_yet_exported' : 'verified'}_data.csv`;
}
