/**
 * A form's catalogue (managers): a CSV or XLSX in the multipart field `file`, whose rows become
 * the metadata of the images they name, now and when the scans arrive later. The public API's
 * route (v1/v1Catalogue.ts) receives it the same way. Managers also read which columns the form
 * has and choose those contributors see while entering.
 */
import { CATALOGUE_MESSAGES } from '@formscribe/common/catalogueMessages';
import { CATALOGUE_LIMITS } from '@formscribe/common/limits';
import {
  type CatalogueResponse,
  catalogueResponseSchema,
  contributorColumnsRequestSchema,
  formCatalogueSchema,
} from '@formscribe/common/schemas/catalogue';
import { idParamSchema } from '@formscribe/common/schemas/common';
import Router from '@koa/router';
import type { AppContext, AppContextExtras, AppState } from '../../appTypes.ts';
import { badRequest } from '../../errors.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import type { Form } from '../../models/index.ts';
import { loadManagedForm } from '../../policies/forms.ts';
import { catalogueFromTable } from '../../services/catalogue/catalogueRows.ts';
import { replaceFormCatalogue } from '../../services/catalogue/catalogueStore.ts';
import { readCatalogueTable } from '../../services/catalogue/catalogueTable.ts';
import { chooseContributorColumns, readFormCatalogue } from '../../services/catalogue/contributorColumns.ts';
import { respond } from '../respond.ts';
import { withUploadedFile } from './receiveUpload.ts';

export const CATALOGUE_UPLOAD = {
  field: 'file',
  maxBytes: CATALOGUE_LIMITS.maxBytes,
  tooLarge: () => badRequest(CATALOGUE_MESSAGES.tooLarge),
};

/** Reads the request's catalogue file and makes it the form's catalogue (the caller authorised). */
export async function receiveFormCatalogue(ctx: AppContext, form: Form): Promise<CatalogueResponse> {
  const catalogue = await withUploadedFile(ctx, CATALOGUE_UPLOAD, async (file) =>
    catalogueFromTable(await readCatalogueTable(file.data)),
  );
  return replaceFormCatalogue(ctx.deps.knex, form.id, catalogue);
}

export const formCatalogueRouter = new Router<AppState, AppContextExtras>();

/** Replaces the form's catalogue; answers how many rows matched and which did not. */
formCatalogueRouter.post('/api/forms/:id/catalogue', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const form = await loadManagedForm(ctx, requireUser(ctx), id);
  respond(ctx, catalogueResponseSchema, await receiveFormCatalogue(ctx, form));
});

/** The form's catalogue columns and those contributors see; none of either without a catalogue. */
formCatalogueRouter.get('/api/forms/:id/catalogue', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const form = await loadManagedForm(ctx, requireUser(ctx), id);
  respond(ctx, formCatalogueSchema, await readFormCatalogue(ctx.deps.knex, form.id));
});

/** Chooses the catalogue columns contributors see while entering; `[]` shows them none. */
formCatalogueRouter.put('/api/forms/:id/catalogue/contributor-columns', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const form = await loadManagedForm(ctx, requireUser(ctx), id);
  const { columns } = parseInput(contributorColumnsRequestSchema, ctx.request.body);
  respond(ctx, formCatalogueSchema, await chooseContributorColumns(ctx.deps.knex, form.id, columns));
});
