/**
 * Imports: a container (PDF, TIFF, ZIP) or a IIIF manifest split into a form's images in the
 * background. The figures here are what the owner watches live and reads in the summary.
 */
import { z } from 'zod';
import { rowIdParamSchema } from './common.ts';

export const IMPORT_STATUSES = ['running', 'done', 'failed', 'cancelled'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** A page or file the import left out, and why (`ledger.pdf, page 3`: "…"). */
export const refusedImportItemSchema = z.object({ name: z.string(), reason: z.string() });
export type RefusedImportItem = z.infer<typeof refusedImportItemSchema>;

/** GET /api/forms/{id}/imports/{importId}; also the `form:import` event's payload. */
export const importResponseSchema = z.object({
  importId: z.number(),
  formId: z.number(),
  /** The uploaded file's name (or path in a dropped folder), or the IIIF URL. */
  name: z.string(),
  status: z.enum(IMPORT_STATUSES),
  /** Pages (and files) found so far; grows while the container is read. */
  found: z.number(),
  imported: z.number(),
  /** Pages whose bytes the form already held (by content hash): skipped. */
  duplicates: z.number(),
  refused: z.array(refusedImportItemSchema),
  /** Why a failed import failed; null otherwise. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportResponse = z.infer<typeof importResponseSchema>;

/** GET /api/forms/{id}/imports: the form's recent imports, newest first (running ones always). */
export const importsListResponseSchema = z.object({ imports: z.array(importResponseSchema) });

/** 202 from POST /api/forms/{id}/images (a container) and POST /api/forms/{id}/imports. */
export const importStartedResponseSchema = z.object({ importId: z.number() });

export const IIIF_URL_MAX_LENGTH = 2_000;

/** POST /api/forms/{id}/imports */
export const startIiifImportRequestSchema = z.object({
  iiifUrl: z
    .string()
    .trim()
    .max(IIIF_URL_MAX_LENGTH, `The IIIF URL is longer than ${IIIF_URL_MAX_LENGTH} characters`)
    .url('Enter the IIIF manifest or collection URL, starting with https://')
    .refine((url) => /^https?:\/\//i.test(url), 'Enter the IIIF manifest or collection URL, starting with https://'),
});

/** /api/forms/{id}/imports/{importId}: the form and one of its imports. */
export const importParamsSchema = z.object({ id: rowIdParamSchema, importId: rowIdParamSchema });

/** /api/forms/{id}/uploads/{uploadId}: a resumable upload's id names its form and uploader (the server checks). */
export const resumableUploadParamsSchema = z.object({ id: rowIdParamSchema, uploadId: z.string().max(200) });
