/**
 * A form's audit trail for its owners: pages (newest first, filtered by image or kind) and the
 * whole trail as a CSV download. Only reads: no route edits or deletes an event, and the table
 * refuses it anyway (see the migration's trigger).
 */
import { Readable } from 'node:stream';
import { auditApi } from '@formscribe/common/api/audit';
import { csvLine, UTF8_BOM } from '@formscribe/common/csv';
import { AUDIT_CSV_HEADER, auditCsvLine, presentAuditEvent } from '../../presenters/presentAuditEvent.ts';
import { allAuditEvents, readAuditPage } from '../../services/audit/auditReader.ts';
import { route } from '../declared/declareRoute.ts';
import { managedForm } from '../declared/routePolicies.ts';
import { contentDisposition } from '../exports/exports.ts';

route(auditApi.formAudit, { policy: managedForm }, async (ctx, { query, resource: form }) => {
  const { rows, nextCursor } = await readAuditPage(ctx.deps.knex, form.id, query);
  ctx.set('Cache-Control', 'no-store');
  return { events: rows.map(presentAuditEvent), nextCursor };
});

route(auditApi.formAuditCsv, { policy: managedForm }, (ctx, { query, resource: form }) => {
  const batches = allAuditEvents(ctx.deps.knex, form.id, query);
  async function* lines(): AsyncGenerator<string> {
    yield UTF8_BOM + csvLine(AUDIT_CSV_HEADER);
    for await (const rows of batches) yield rows.map(auditCsvLine).join('');
  }
  ctx.set('Content-Disposition', contentDisposition(`${form.name}_audit_trail.csv`));
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'text/csv; charset=utf-8';
  ctx.body = Readable.from(lines(), { objectMode: false });
});
