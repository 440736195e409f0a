/** The Data tab: consolidated rows (paged) and the export (CSV, XLSX, JSON, Data Package) with its export ledger. */
import { exportsApi } from '@formscribe/common/api/exports';
import { type ExportFormat, type ExportType, exportFilename } from '@formscribe/common/schemas/consolidated';
import type { AppContext } from '../../appTypes.ts';
import type { Form, User } from '../../models/index.ts';
import { consolidatedPage } from '../../services/exports/consolidatedData.ts';
import { startCsvExport } from '../../services/exports/csvExport.ts';
import { startTypedExport } from '../../services/exports/typedExport.ts';
import { route } from '../declared/declareRoute.ts';
import { managedForm } from '../declared/routePolicies.ts';

route(exportsApi.consolidatedData, { policy: managedForm }, (ctx, { resource: form, query }) =>
  consolidatedPage(ctx.deps.knex, form, query),
);

/** ASCII fallback plus the exact UTF-8 name (RFC 6266 / 5987), so accents survive the download. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Streams the form's CSV export as a download (the browser's, and /api/v1's `format: csv`). */
export async function sendCsvExport(ctx: AppContext, form: Form, user: User, exportType: ExportType): Promise<void> {
  const csv = await startCsvExport(ctx.deps.knex, form, user, exportType);
  ctx.res.on('close', csv.abort);
  ctx.set('Content-Disposition', contentDisposition(exportFilename(form.name, exportType)));
  ctx.set('X-Export-Rows', String(csv.rowCount));
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'text/csv; charset=utf-8';
  ctx.body = csv.stream;
}

/** Streams the export in the format asked for (the browser's, and /api/v1's but for NDJSON). */
export async function sendExport(
  ctx: AppContext,
  form: Form,
  user: User,
  exportType: ExportType,
  format: ExportFormat,
): Promise<void> {
  if (format === 'csv') return sendCsvExport(ctx, form, user, exportType);
  const file = await startTypedExport(ctx.deps.knex, form, user, exportType, format);
  ctx.set('Content-Disposition', contentDisposition(file.filename));
  ctx.set('X-Export-Rows', String(file.rowCount));
  ctx.set('Cache-Control', 'no-store');
  ctx.type = file.contentType;
  ctx.body = file.stream;
}

route(exportsApi.exportCsv, { policy: managedForm }, (ctx, { user, resource: form, body }) =>
  sendExport(ctx, form, user, body.exportType, body.format),
);
