/**
 * The public API, /api/v1, for a form's managers: submissions and consolidated data as cursor
 * pages, the export, verification stats, the webhook log and the Insights figures; and the
 * OpenAPI document itself (public). The forms, images and imports are in v1.ts.
 */
import { idParamSchema } from '../schemas/common.ts';
import {
  agreementResponseSchema,
  fieldDifficultyResponseSchema,
  heatmapResponseSchema,
  throughputQuerySchema,
  throughputResponseSchema,
} from '../schemas/insights.ts';
import { verificationStatsSchema } from '../schemas/stats.ts';
import { submissionResponseSchema } from '../schemas/submission.ts';
import {
  cursorPageSchema,
  cursorQuerySchema,
  openApiDocumentSchema,
  v1ConsolidatedPageResponseSchema,
  v1ConsolidatedQuerySchema,
  v1ExportRequestSchema,
} from '../schemas/v1.ts';
import { webhookDeliveriesResponseSchema } from '../schemas/webhook.ts';
import { EXPORT_CONTENT_TYPES } from './exports.ts';
import { defineV1Routes } from './v1Contract.ts';

export const v1FiguresApi = defineV1Routes({
  listSubmissions: {
    method: 'get',
    path: '/api/v1/forms/{id}/submissions',
    summary: 'List a form’s submissions',
    description: 'Every entry contributors made, oldest first (by id), a cursor page at a time.',
    params: idParamSchema,
    query: cursorQuerySchema,
    response: cursorPageSchema(submissionResponseSchema),
  },
  consolidatedData: {
    method: 'get',
    path: '/api/v1/forms/{id}/consolidated-data',
    summary: 'Consolidated data with per-field status',
    description:
      'One row per image (by id): each data field’s verification status and agreed value, keyed by field id; ' +
      '`columns` label the fields.',
    params: idParamSchema,
    query: v1ConsolidatedQuerySchema,
    response: v1ConsolidatedPageResponseSchema,
  },
  exportData: {
    method: 'post',
    path: '/api/v1/forms/{id}/export',
    summary: 'Export a form’s data (CSV, XLSX, JSON, Data Package or NDJSON)',
    description:
      'Streams every selected image: CSV, XLSX, JSON or a Frictionless Data Package (a ZIP) as the browser’s export, ' +
      'or NDJSON with one consolidated-data row per line. ' +
      '`all` and `not-exported` mark the rows exported once the download completes, so they need a read-and-write ' +
      'token; `verified` changes nothing. X-Export-Rows gives the row count up front.',
    params: idParamSchema,
    body: v1ExportRequestSchema,
    produces: [...EXPORT_CONTENT_TYPES, 'application/x-ndjson'],
    answer: { description: 'The rows, streamed' },
  },
  verificationStats: {
    method: 'get',
    path: '/api/v1/forms/{id}/verification-stats',
    summary: 'Verification stats',
    description: 'Images and field verifications done and remaining, from the form’s stored counters.',
    params: idParamSchema,
    response: verificationStatsSchema,
  },
  webhookDeliveries: {
    method: 'get',
    path: '/api/v1/forms/{id}/webhook-deliveries',
    summary: 'Webhook deliveries',
    description: 'The newest webhook deliveries of the form (newest first), with their status and attempts.',
    params: idParamSchema,
    response: webhookDeliveriesResponseSchema,
  },
  agreement: {
    method: 'get',
    path: '/api/v1/forms/{id}/insights/agreement',
    summary: 'Agreement per contributor',
    description:
      'How often each contributor’s entries match the finally verified value, overall and per field type, with the number of entries and a Wilson 95 % interval; best first.',
    params: idParamSchema,
    response: agreementResponseSchema,
  },
  fieldDifficulty: {
    method: 'get',
    path: '/api/v1/forms/{id}/insights/field-difficulty',
    summary: 'Field difficulty',
    description:
      'Per data field: the share of images whose entries disagree, and of those written differently, the share that differ only in spacing, case or date format.',
    params: idParamSchema,
    response: fieldDifficultyResponseSchema,
  },
  throughput: {
    method: 'get',
    path: '/api/v1/forms/{id}/insights/throughput',
    summary: 'Throughput and forecast',
    description:
      'Submissions, completed images and active contributors per UTC day, and the projected completion date at the recent rate: completed images per day over the last 14 days, counted from the first of them with any activity (`rateDays` says how many).',
    params: idParamSchema,
    query: throughputQuerySchema,
    response: throughputResponseSchema,
  },
  heatmap: {
    method: 'get',
    path: '/api/v1/forms/{id}/insights/heatmap',
    summary: 'Per-image heatmap',
    description:
      'One byte per image in image-number order (base64): 0 no entries, 1 in progress, 2 disputed, 3 verified, 4 complete.',
    params: idParamSchema,
    response: heatmapResponseSchema,
  },
  openApiDocument: {
    method: 'get',
    path: '/api/v1/openapi.json',
    summary: 'This document',
    description: 'The OpenAPI 3.1 description of /api/v1. No token needed.',
    response: openApiDocumentSchema,
  },
});
