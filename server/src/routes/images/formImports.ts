/**
 * A form's imports, for its managers: start one from a IIIF URL, list them, read one's figures
 * and cancel it. Containers start theirs through the upload routes (a PDF, TIFF or ZIP sent to
 * /images, or a finished resumable upload). The handlers are exported as route() handlers: the
 * /api/v1 twins (v1/v1Imports.ts) run the same ones behind the same manager policy.
 */
import { importsApi } from '@formscribe/common/api/imports';
import { IMPORT_NOT_FOUND } from '@formscribe/common/importMessages';
import type { ImportResponse } from '@formscribe/common/schemas/imports';
import type { z } from 'zod';
import type { AppContext } from '../../appTypes.ts';
import { notFound } from '../../errors.ts';
import type { Form, User } from '../../models/index.ts';
import { presentImport } from '../../presenters/presentImport.ts';
import { findFormOwner } from '../../services/images/uploadLimits.ts';
import { cancelFormImport, findFormImport, listFormImports } from '../../services/imports/importStore.ts';
import { startIiifImport } from '../../services/imports/imports.ts';
import { route } from '../declared/declareRoute.ts';
import { managedForm } from '../declared/routePolicies.ts';

type ImportParams = z.output<typeof importsApi.readImport.params>;
type IiifImportBody = z.output<typeof importsApi.startIiifImport.body>;

export async function startIiifImportHandler(
  ctx: AppContext,
  { user, body, resource: form }: { user: User; body: IiifImportBody; resource: Form },
) {
  const owner = user.id === form.createdById ? user : await findFormOwner(form);
  return startIiifImport(ctx.deps, form, owner, user, body.iiifUrl);
}

export async function listImportsHandler(ctx: AppContext, { resource: form }: { resource: Form }) {
  const rows = await listFormImports(ctx.deps.knex, form.id);
  return { imports: rows.map(presentImport) };
}

export async function readImportHandler(
  ctx: AppContext,
  { params, resource: form }: { params: ImportParams; resource: Form },
): Promise<ImportResponse> {
  const row = await findFormImport(ctx.deps.knex, form.id, params.importId);
  if (!row) throw notFound(IMPORT_NOT_FOUND);
  return presentImport(row);
}

/** Cancels a running import (idempotent: an ended one answers as it is). */
export async function cancelImportHandler(
  ctx: AppContext,
  { params, resource: form }: { params: ImportParams; resource: Form },
): Promise<ImportResponse> {
  const row = await cancelFormImport(ctx.deps.knex, form.id, params.importId);
  if (!row) throw notFound(IMPORT_NOT_FOUND);
  const presented = presentImport(row);
  await ctx.deps.events.dispatch([{ type: 'import-changed', figures: presented }]);
  return presented;
}

// The manager policy answers before the URL is read, as it always has: a stranger's bad URL is a 404.
route(importsApi.startIiifImport, { policy: managedForm, policyFirst: true }, startIiifImportHandler);
route(importsApi.listImports, { policy: managedForm }, listImportsHandler);
route(importsApi.readImport, { policy: managedForm }, readImportHandler);
route(importsApi.cancelImport, { policy: managedForm }, cancelImportHandler);
