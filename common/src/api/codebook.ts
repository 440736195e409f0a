/** A form's data dictionary, and a new form made from one. */
import { codebookQuerySchema } from '../schemas/codebook.ts';
import { idParamSchema } from '../schemas/common.ts';
import { formResponseSchema } from '../schemas/form.ts';
import { defineRoutes } from './routeContract.ts';

export const codebookApi = defineRoutes({
  /** JSON (`codebookSchema`) or CSV, one row per data field. */
  formCodebook: {
    method: 'get',
    path: '/api/forms/{id}/codebook',
    params: idParamSchema,
    query: codebookQuerySchema,
    produces: ['application/json', 'text/csv'],
  },
  /** A codebook (CSV or JSON) in the multipart field `file` creates a form with its fields. */
  importCodebook: {
    method: 'post',
    path: '/api/forms/import-codebook',
    bodyKind: 'upload',
    upload: { field: 'file' },
    response: formResponseSchema,
    status: 201,
  },
});
