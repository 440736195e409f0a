/**
 * /api/v1 data of a form, for its managers (as in the browser): submissions and consolidated data
 * as cursor pages, and the export streamed in the browser's formats or as NDJSON, with its ledger.
 */
import { v1Api } from '@formscribe/common/api/v1';
import { exportFilename } from '@formscribe/common/schemas/consolidated';
import { apiCaller, requireWriteScope } from '../../middlewares/apiToken.ts';
import { presentConsolidatedApiRow } from '../../presenters/presentConsolidatedApiRow.ts';
import { presentSubmission } from '../../presenters/presentSubmission.ts';
import { columnsOf } from '../../services/exports/consolidatedData.ts';
import { imageStatesAfter, submissionsAfter } from '../../services/publicApi/keysetPages.ts';
import { startNdjsonExport } from '../../services/publicApi/ndjsonExport.ts';
import { route } from '../declared/declareRoute.ts';
import { managedForm } from '../declared/routePolicies.ts';
import { contentDisposition, sendExport } from '../exports/exports.ts';

route(v1Api.listSubmissions, { token: 'read', policy: managedForm }, async (_ctx, { resource: form, query }) => {
  const page = await submissionsAfter(form, query);
  const data = page.rows.map(({ submission, user: submitter, image }) =>
    presentSubmission(submission, { user: submitter, image }),
  );
  return { data, nextCursor: page.nextCursor };
});

route(v1Api.consolidatedData, { token: 'read', policy: managedForm }, async (ctx, { resource: form, query }) => {
  const page = await imageStatesAfter(ctx.deps.knex, form, query);
  const columns = columnsOf(form);
  const data = page.rows.map((row) => presentConsolidatedApiRow(row, form, columns));
  return { columns, data, nextCursor: page.nextCursor };
});

// A read token may export what is verified; `all` and `not-exported` stamp rows, so they need write.
route(v1Api.exportData, { token: 'read', policy: managedForm }, async (ctx, { user, body, resource: form }) => {
  const { exportType, format } = body;
  if (exportType !== 'verified') requireWriteScope(apiCaller(ctx));
  ctx.set('Cache-Control', 'no-store');
  if (format !== 'ndjson') return sendExport(ctx, form, user, exportType, format);
  const ndjson = await startNdjsonExport(ctx.deps.knex, form, user, exportType);
  ctx.set(
    'Content-Disposition',
    contentDisposition(exportFilename(form.name, exportType).replace(/\.csv$/, '.ndjson')),
  );
  ctx.set('X-Export-Rows', String(ndjson.rowCount));
  ctx.type = 'application/x-ndjson; charset=utf-8';
  ctx.body = ndjson.stream;
});
