/**
 * A form's codebook (data dictionary) for its managers, as JSON or CSV, and a new form made from
 * one: the codebook file is read like the catalogue upload (one file, size-capped, in memory),
 * then created the way POST /api/forms creates a form (the same checks and plan limits).
 */
import { codebookApi } from '@formscribe/common/api/codebook';
import { csvLine, UTF8_BOM } from '@formscribe/common/csv';
import { MESSAGES } from '@formscribe/common/messages';
import { badRequest, forbidden } from '../../errors.ts';
import { canCreateForms, formViewer } from '../../policies/index.ts';
import { presentForm } from '../../presenters/presentForm.ts';
import { codebookRows } from '../../services/codebook/codebookCsv.ts';
import { newFormFromCodebook, readCodebookFile } from '../../services/codebook/codebookImport.ts';
import { codebookOf } from '../../services/codebook/formCodebook.ts';
import { createForm } from '../../services/forms/formWriter.ts';
import { route } from '../declared/declareRoute.ts';
import { managedForm } from '../declared/routePolicies.ts';
import { contentDisposition } from '../exports/exports.ts';
import { withUploadedFile } from '../images/receiveUpload.ts';

/** Far above a codebook of 200 fields with long help texts; a codebook is read whole. */
export const CODEBOOK_MAX_BYTES = 2 * 1024 * 1024;

const CODEBOOK_UPLOAD = {
  field: codebookApi.importCodebook.upload.field,
  maxBytes: CODEBOOK_MAX_BYTES,
  tooLarge: () => badRequest(`A codebook file may be at most ${CODEBOOK_MAX_BYTES / 1024 / 1024} MB`),
};

route(codebookApi.formCodebook, { policy: managedForm }, (ctx, { resource: form, query }) => {
  const codebook = codebookOf(form);
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Content-Disposition', contentDisposition(`${form.name}_codebook.${query.format}`));
  if (query.format === 'csv') {
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = UTF8_BOM + codebookRows(codebook).map(csvLine).join('');
    return;
  }
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = JSON.stringify(codebook, null, 2);
});

route(codebookApi.importCodebook, { policy: 'self' }, async (ctx, { user }) => {
  if (!canCreateForms(ctx, user)) {
    throw forbidden(MESSAGES.emailVerificationRequired, { requiresEmailVerification: true });
  }
  const input = await withUploadedFile(ctx, CODEBOOK_UPLOAD, async (file) =>
    newFormFromCodebook(readCodebookFile(file.data, file.originalName)),
  );
  const form = await createForm(ctx.deps, user, input);
  return presentForm(form, formViewer(ctx, user, form));
});
