/**
 * /api/v1 data of a form, for its managers (as in the browser): submissions and consolidated data
 * as cursor pages, and the export streamed as CSV or NDJSON with the browser export's ledger.
 */
import { idParamSchema } from '@formscribe/common/schemas/common';
import { exportFilename } from '@formscribe/common/schemas/consolidated';
import { submissionResponseSchema } from '@formscribe/common/schemas/submission';
import {
  cursorPageSchema,
  cursorQuerySchema,
  v1ConsolidatedPageResponseSchema,
  v1ConsolidatedQuerySchema,
  v1ExportRequestSchema,
} from '@formscribe/common/schemas/v1';
import { requireWriteScope } from '../../middlewares/apiToken.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { loadManagedForm } from '../../policies/forms.ts';
import { presentConsolidatedApiRow } from '../../presenters/presentConsolidatedApiRow.ts';
import { presentSubmission } from '../../presenters/presentSubmission.ts';
import { columnsOf } from '../../services/exports/consolidatedData.ts';
import { startCsvExport } from '../../services/exports/csvExport.ts';
import { imageStatesAfter, submissionsAfter } from '../../services/publicApi/keysetPages.ts';
import { startNdjsonExport } from '../../services/publicApi/ndjsonExport.ts';
import { contentDisposition } from '../exports/exports.ts';
import { respond } from '../respond.ts';
import { v1Route } from './v1Router.ts';

const submissionsPageSchema = cursorPageSchema(submissionResponseSchema);

v1Route(
  {
    method: 'get',
    path: '/api/v1/forms/:id/submissions',
    summary: 'List a form’s submissions',
    description: 'Every entry contributors made, oldest first (by id), a cursor page at a time.',
    scope: 'read',
    params: idParamSchema,
    query: cursorQuerySchema,
    response: { schema: submissionsPageSchema },
  },
  async (ctx, { user }) => {
    const { id } = parseInput(idParamSchema, ctx.params);
    const query = parseInput(cursorQuerySchema, ctx.query);
    const form = await loadManagedForm(ctx, user, id);
    const page = await submissionsAfter(form, query);
    const data = page.rows.map(({ submission, user: submitter, image }) =>
      presentSubmission(submission, { user: submitter, image }),
    );
    respond(ctx, submissionsPageSchema, { data, nextCursor: page.nextCursor });
  },
);

v1Route(
  {
    method: 'get',
    path: '/api/v1/forms/:id/consolidated-data',
    summary: 'Consolidated data with per-field status',
    description:
      'One row per image (by id): each data field’s verification status and agreed value, keyed by field id; ' +
      '`columns` label the fields.',
    scope: 'read',
    params: idParamSchema,
    query: v1ConsolidatedQuerySchema,
    response: { schema: v1ConsolidatedPageResponseSchema },
  },
  async (ctx, { user }) => {
    const { id } = parseInput(idParamSchema, ctx.params);
    const query = parseInput(v1ConsolidatedQuerySchema, ctx.query);
    const form = await loadManagedForm(ctx, user, id);
    const page = await imageStatesAfter(ctx.deps.knex, form, query);
    const columns = columnsOf(form);
    const data = page.rows.map((row) => presentConsolidatedApiRow(row, form, columns));
    respond(ctx, v1ConsolidatedPageResponseSchema, { columns, data, nextCursor: page.nextCursor });
  },
);

v1Route(
  {
    method: 'post',
    path: '/api/v1/forms/:id/export',
    summary: 'Export a form’s data (CSV or NDJSON)',
    description:
      'Streams every selected image: CSV as the browser’s export, or NDJSON with one consolidated-data row per line. ' +
      '`all` and `not-exported` mark the rows exported once the download completes, so they need a read-and-write ' +
      'token; `verified` changes nothing. X-Export-Rows gives the row count up front.',
    scope: 'read',
    params: idParamSchema,
    body: v1ExportRequestSchema,
    response: { description: 'The rows, streamed', contentTypes: ['text/csv', 'application/x-ndjson'] },
  },
  async (ctx, caller) => {
    const { id } = parseInput(idParamSchema, ctx.params);
    const { exportType, format } = parseInput(v1ExportRequestSchema, ctx.request.body);
    const form = await loadManagedForm(ctx, caller.user, id);
    if (exportType !== 'verified') requireWriteScope(caller);
    const filename = exportFilename(form.name, exportType);
    ctx.set('Cache-Control', 'no-store');
    if (format === 'csv') {
      const csv = await startCsvExport(ctx.deps.knex, form, caller.user, exportType);
      ctx.res.on('close', csv.abort);
      ctx.set('Content-Disposition', contentDisposition(filename));
      ctx.set('X-Export-Rows', String(csv.rowCount));
      ctx.type = 'text/csv; charset=utf-8';
      ctx.body = csv.stream;
      return;
    }
    const ndjson = await startNdjsonExport(ctx.deps.knex, form, caller.user, exportType);
    ctx.set('Content-Disposition', contentDisposition(filename.replace(/\.csv$/, '.ndjson')));
    ctx.set('X-Export-Rows', String(ndjson.rowCount));
    ctx.type = 'application/x-ndjson; charset=utf-8';
    ctx.body = ndjson.stream;
  },
);
