/** The Data tab: consolidated rows (paged) and the CSV export with its export ledger. */
import { idParamSchema } from '@formscribe/common/schemas/common';
import {
  consolidatedQuerySchema,
  consolidatedResponseSchema,
  exportFilename,
  exportRequestSchema,
} from '@formscribe/common/schemas/consolidated';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { loadManagedForm } from '../../policies/forms.ts';
import { consolidatedPage } from '../../services/exports/consolidatedData.ts';
import { startCsvExport } from '../../services/exports/csvExport.ts';
import { respond } from '../respond.ts';

export const exportsRouter = new Router<AppState, AppContextExtras>();

exportsRouter.get('/api/forms/:id/consolidated-data', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const query = parseInput(consolidatedQuerySchema, ctx.query);
  const form = await loadManagedForm(ctx, requireUser(ctx), id);
  respond(ctx, consolidatedResponseSchema, await consolidatedPage(ctx.deps.knex, form, query));
});

/** ASCII fallback plus the exact UTF-8 name (RFC 6266 / 5987), so accents survive the download. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

exportsRouter.post('/api/forms/:id/export', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const { exportType } = parseInput(exportRequestSchema, ctx.request.body);
  const user = requireUser(ctx);
  const form = await loadManagedForm(ctx, user, id);
  const csv = await startCsvExport(ctx.deps.knex, form, user, exportType);
  ctx.res.on('close', csv.abort);
  ctx.set('Content-Disposition', contentDisposition(exportFilename(form.name, exportType)));
  ctx.set('X-Export-Rows', String(csv.rowCount));
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'text/csv; charset=utf-8';
  ctx.body = csv.stream;
});
