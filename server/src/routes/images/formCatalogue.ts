/**
 * A form's catalogue (managers): a CSV or XLSX in the multipart field `file`, whose rows become
 * the metadata of the images they name, now and when the scans arrive later. The public API's
 * route (v1/v1Catalogue.ts) receives it the same way. Managers also read which columns the form
 * has and choose those contributors see while entering.
 */
import { importsApi } from '@formscribe/common/api/imports';
import { CATALOGUE_MESSAGES } from '@formscribe/common/catalogueMessages';
import { CATALOGUE_LIMITS } from '@formscribe/common/limits';
import type { CatalogueResponse } from '@formscribe/common/schemas/catalogue';
import type { AppContext } from '../../appTypes.ts';
import { badRequest } from '../../errors.ts';
import type { Form } from '../../models/index.ts';
import { catalogueFromTable } from '../../services/catalogue/catalogueRows.ts';
import { replaceFormCatalogue } from '../../services/catalogue/catalogueStore.ts';
import { readCatalogueTable } from '../../services/catalogue/catalogueTable.ts';
import { chooseContributorColumns, readFormCatalogue } from '../../services/catalogue/contributorColumns.ts';
import { route } from '../declared/declareRoute.ts';
import { managedForm } from '../declared/routePolicies.ts';
import { withUploadedFile } from './receiveUpload.ts';

export const CATALOGUE_UPLOAD = {
  field: importsApi.uploadCatalogue.upload.field,
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

/** Replaces the form's catalogue; answers how many rows matched and which did not. */
route(importsApi.uploadCatalogue, { policy: managedForm }, (ctx, { resource: form }) =>
  receiveFormCatalogue(ctx, form),
);

/** The form's catalogue columns and those contributors see; none of either without a catalogue. */
route(importsApi.getCatalogue, { policy: managedForm }, (ctx, { resource: form }) =>
  readFormCatalogue(ctx.deps.knex, form.id),
);

/** Chooses the catalogue columns contributors see while entering; `[]` shows them none. */
route(
  importsApi.chooseContributorColumns,
  { policy: managedForm, policyFirst: true },
  (ctx, { body, resource: form }) => chooseContributorColumns(ctx.deps.knex, form.id, body.columns),
);
