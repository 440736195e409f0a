/**
 * /api/v1 imports: a script starts a IIIF import, follows an import's figures, cancels it.
 * The same steps as the browser's routes (routes/images/formImports.ts), whose handlers still
 * read the request themselves and answer with `respond`: once those are declared routes too,
 * both share one handler each.
 */
import { v1Api } from '@formscribe/common/api/v1';
import { IMPORT_NOT_FOUND } from '@formscribe/common/importMessages';
import { notFound } from '../../errors.ts';
import { presentImport } from '../../presenters/presentImport.ts';
import { findFormOwner } from '../../services/images/uploadLimits.ts';
import { cancelFormImport, findFormImport, listFormImports } from '../../services/imports/importStore.ts';
import { startIiifImport } from '../../services/imports/imports.ts';
import { route } from '../declared/declareRoute.ts';
import { managedForm } from '../declared/routePolicies.ts';

route(v1Api.startImport, { token: 'read_write', policy: managedForm }, async (ctx, { user, body, resource: form }) => {
  const owner = user.id === form.createdById ? user : await findFormOwner(form);
  return startIiifImport(ctx.deps, form, owner, user, body.iiifUrl);
});

route(v1Api.listImports, { token: 'read', policy: managedForm }, async (ctx, { resource: form }) => {
  const rows = await listFormImports(ctx.deps.knex, form.id);
  return { imports: rows.map(presentImport) };
});

route(v1Api.getImport, { token: 'read', policy: managedForm }, async (ctx, { params, resource: form }) => {
  const row = await findFormImport(ctx.deps.knex, form.id, params.importId);
  if (!row) throw notFound(IMPORT_NOT_FOUND);
  return presentImport(row);
});

/** Cancels a running import (idempotent: an ended one answers as it is). */
route(v1Api.cancelImport, { token: 'read_write', policy: managedForm }, async (ctx, { params, resource: form }) => {
  const row = await cancelFormImport(ctx.deps.knex, form.id, params.importId);
  if (!row) throw notFound(IMPORT_NOT_FOUND);
  const presented = presentImport(row);
  await ctx.deps.events.dispatch([{ type: 'import-changed', figures: presented }]);
  return presented;
});
