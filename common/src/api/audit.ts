/** The audit trail of a form (owners only): read as pages, filtered, or as one CSV. Nothing writes it but the changes themselves. */
import { auditPageSchema, auditQuerySchema } from '../schemas/audit.ts';
import { idParamSchema } from '../schemas/common.ts';
import { defineRoutes } from './routeContract.ts';

export const auditApi = defineRoutes({
  formAudit: {
    method: 'get',
    path: '/api/forms/{id}/audit',
    params: idParamSchema,
    query: auditQuerySchema,
    response: auditPageSchema,
  },
  formAuditCsv: {
    method: 'get',
    path: '/api/forms/{id}/audit.csv',
    params: idParamSchema,
    query: auditQuerySchema.omit({ cursor: true }),
    produces: ['text/csv'],
  },
});
