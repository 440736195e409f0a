/** The Data tab: consolidated rows (paged), and the CSV export streamed with its export ledger. */
import { idParamSchema } from '../schemas/common.ts';
import { consolidatedQuerySchema, consolidatedResponseSchema, exportRequestSchema } from '../schemas/consolidated.ts';
import { defineRoutes } from './routeContract.ts';

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
    produces: ['text/csv'],
  },
});
