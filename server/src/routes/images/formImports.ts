/**
 * A form's imports, for its managers: start one from a IIIF URL, list them, read one's figures
 * and cancel it. Containers start theirs through the upload routes (a PDF, TIFF or ZIP sent to
 * /images, or a finished resumable upload). The same handlers serve /api/v1 (v1Imports.ts).
 */
import { IMPORT_NOT_FOUND } from '@formscribe/common/importMessages';
import { idParamSchema } from '@formscribe/common/schemas/common';
import {
  importResponseSchema,
  importStartedResponseSchema,
  importsListResponseSchema,
  startIiifImportRequestSchema,
} from '@formscribe/common/schemas/imports';
import Router, { type RouterContext } from '@koa/router';
import { z } from 'zod';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { notFound } from '../../errors.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import type { User } from '../../models/index.ts';
import { loadManagedForm } from '../../policies/forms.ts';
import { presentImport } from '../../presenters/presentImport.ts';
import { findFormOwner } from '../../services/images/uploadLimits.ts';
import { cancelFormImport, findFormImport, listFormImports } from '../../services/imports/importStore.ts';
import { startIiifImport } from '../../services/imports/imports.ts';
import { respond } from '../respond.ts';

type RouteContext = RouterContext<AppState, AppContextExtras>;

export const importParamsSchema = z.object({
  id: idParamSchema.shape.id,
  importId: idParamSchema.shape.id,
});

export async function startIiifImportHandler(ctx: RouteContext, user: User) {
  const { id } = parseInput(idParamSchema, ctx.params);
  const form = await loadManagedForm(ctx, user, id);
  const { iiifUrl } = parseInput(startIiifImportRequestSchema, ctx.request.body);
  const owner = user.id === form.createdById ? user : await findFormOwner(form);
  respond(ctx, importStartedResponseSchema, await startIiifImport(ctx.deps, form, owner, user, iiifUrl), 202);
}

export async function listImportsHandler(ctx: RouteContext, user: User) {
  const { id } = parseInput(idParamSchema, ctx.params);
  const form = await loadManagedForm(ctx, user, id);
  const rows = await listFormImports(ctx.deps.knex, form.id);
  respond(ctx, importsListResponseSchema, { imports: rows.map(presentImport) });
}

export async function readImportHandler(ctx: RouteContext, user: User) {
  const { id, importId } = parseInput(importParamsSchema, ctx.params);
  const form = await loadManagedForm(ctx, user, id);
  const row = await findFormImport(ctx.deps.knex, form.id, importId);
  if (!row) throw notFound(IMPORT_NOT_FOUND);
  respond(ctx, importResponseSchema, presentImport(row));
}

/** Cancels a running import (idempotent: an ended one answers as it is). */
export async function cancelImportHandler(ctx: RouteContext, user: User) {
  const { id, importId } = parseInput(importParamsSchema, ctx.params);
  const form = await loadManagedForm(ctx, user, id);
  const row = await cancelFormImport(ctx.deps.knex, form.id, importId);
  if (!row) throw notFound(IMPORT_NOT_FOUND);
  const presented = presentImport(row);
  await ctx.deps.events.dispatch([{ type: 'import-changed', figures: presented }]);
  respond(ctx, importResponseSchema, presented);
}

export const formImportsRouter = new Router<AppState, AppContextExtras>();

formImportsRouter.post('/api/forms/:id/imports', (ctx) => startIiifImportHandler(ctx, requireUser(ctx)));
formImportsRouter.get('/api/forms/:id/imports', (ctx) => listImportsHandler(ctx, requireUser(ctx)));
formImportsRouter.get('/api/forms/:id/imports/:importId', (ctx) => readImportHandler(ctx, requireUser(ctx)));
formImportsRouter.delete('/api/forms/:id/imports/:importId', (ctx) => cancelImportHandler(ctx, requireUser(ctx)));
