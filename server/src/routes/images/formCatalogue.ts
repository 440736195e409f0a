/**
 * A form's catalogue (managers): a CSV or XLSX in the multipart field `file`, whose rows become
 * the metadata of the images they name, now and when the scans arrive later.
 */
import { CATALOGUE_MESSAGES } from '@formscribe/common/catalogueMessages';
import { CATALOGUE_LIMITS } from '@formscribe/common/limits';
import { catalogueResponseSchema } from '@formscribe/common/schemas/catalogue';
import { idParamSchema } from '@formscribe/common/schemas/common';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { badRequest } from '../../errors.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { loadManagedForm } from '../../policies/forms.ts';
import { catalogueFromTable } from '../../services/catalogue/catalogueRows.ts';
import { replaceFormCatalogue } from '../../services/catalogue/catalogueStore.ts';
import { readCatalogueTable } from '../../services/catalogue/catalogueTable.ts';
import { respond } from '../respond.ts';
import { withUploadedFile } from './receiveUpload.ts';

export const formCatalogueRouter = new Router<AppState, AppContextExtras>();

/** Replaces the form's catalogue; answers how many rows matched and which did not. */
formCatalogueRouter.post('/api/forms/:id/catalogue', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const form = await loadManagedForm(ctx, requireUser(ctx), id);
  const upload = {
    field: 'file',
    maxBytes: CATALOGUE_LIMITS.maxBytes,
    tooLarge: () => badRequest(CATALOGUE_MESSAGES.tooLarge),
  };
  const catalogue = await withUploadedFile(ctx, upload, async (file) =>
    catalogueFromTable(await readCatalogueTable(file.data)),
  );
  respond(ctx, catalogueResponseSchema, await replaceFormCatalogue(ctx.deps.knex, form.id, catalogue));
});
