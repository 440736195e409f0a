/** The Data tab: consolidated rows (paged), and the export (CSV, XLSX, JSON, Data Package) streamed with its export ledger. */
import { idParamSchema } from '../schemas/common.ts';
import { consolidatedQuerySchema, consolidatedResponseSchema, exportRequestSchema } from '../schemas/consolidated.ts';
import { defineRoutes } from './routeContract.ts';

/** What the export answers, by format: CSV, XLSX, JSON and the Data Package's ZIP. */
export const EXPORT_CONTENT_TYPES = [
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/json',
  'application/zip',
] as const;

export const exportsApi = defineRoutes({
  consolidatedData: {
    method: 'get',
    path: '/api/forms/{id}/consolidated-data',
    params: idParamSchema,
    query: consolidatedQuerySchema,
    response: consolidatedResponseSchema,
  },
  exportCsv: {
    method: 'post',
    path: '/api/forms/{id}/export',
    params: idParamSchema,
    body: exportRequestSchema,
    produces: EXPORT_CONTENT_TYPES,
  },
});
