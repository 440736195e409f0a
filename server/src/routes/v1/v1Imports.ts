/** /api/v1 imports: a script starts a IIIF import, follows an import's figures, cancels it. */
import { idParamSchema } from '@formscribe/common/schemas/common';
import {
  importParamsSchema,
  importResponseSchema,
  importStartedResponseSchema,
  importsListResponseSchema,
  startIiifImportRequestSchema,
} from '@formscribe/common/schemas/imports';
import { parseInput } from '../../middlewares/validate.ts';
import type { User } from '../../models/index.ts';
import { loadManagedForm } from '../../policies/forms.ts';
import {
  cancelImportHandler,
  listImportsHandler,
  readImportHandler,
  startIiifImportHandler,
} from '../images/formImports.ts';
import { respond } from '../respond.ts';
import { type V1Context, v1Route } from './v1Router.ts';

/** The form's manager policy, as the browser's import routes (whose handlers these run) declare it. */
async function managedFormOf(ctx: V1Context, user: User) {
  const { id } = parseInput(idParamSchema, ctx.params);
  return loadManagedForm(ctx, user, id);
}

const FIGURES =
  '`status` is running, done, failed or cancelled; `found` counts the pages (and files) found so far, `imported` those added, `duplicates` those skipped because the form already held the same bytes, `refused` lists what was left out and why, and `reason` says why a failed import failed.';

v1Route(
  {
    method: 'post',
    path: '/api/v1/forms/:id/imports',
    summary: 'Import a IIIF manifest or collection',
    description:
      'Body `{ "iiifUrl": "https://…" }`: a IIIF Presentation 2.1 or 3.0 manifest, or a collection (collections of collections and paged collections too). Each canvas becomes an image, fetched at full size, with its label and metadata. Answers 202 with `{ importId }`.',
    scope: 'read_write',
    params: idParamSchema,
    body: startIiifImportRequestSchema,
    response: { status: 202, description: 'The import started', schema: importStartedResponseSchema },
  },
  async (ctx, { user }) => {
    const resource = await managedFormOf(ctx, user);
    const body = parseInput(startIiifImportRequestSchema, ctx.request.body);
    respond(ctx, importStartedResponseSchema, await startIiifImportHandler(ctx, { user, body, resource }), 202);
  },
);

v1Route(
  {
    method: 'get',
    path: '/api/v1/forms/:id/imports',
    summary: 'A form’s recent imports',
    description: `Running imports first, then the newest, at most 20. ${FIGURES}`,
    scope: 'read',
    params: idParamSchema,
    response: { schema: importsListResponseSchema },
  },
  async (ctx, { user }) => {
    const resource = await managedFormOf(ctx, user);
    respond(ctx, importsListResponseSchema, await listImportsHandler(ctx, { resource }));
  },
);

v1Route(
  {
    method: 'get',
    path: '/api/v1/forms/:id/imports/:importId',
    summary: 'An import’s progress',
    description: FIGURES,
    scope: 'read',
    params: importParamsSchema,
    response: { schema: importResponseSchema },
  },
  async (ctx, { user }) => {
    const params = parseInput(importParamsSchema, ctx.params);
    const resource = await managedFormOf(ctx, user);
    respond(ctx, importResponseSchema, await readImportHandler(ctx, { params, resource }));
  },
);

v1Route(
  {
    method: 'delete',
    path: '/api/v1/forms/:id/imports/:importId',
    summary: 'Cancel an import',
    description:
      'A running import stops at its next page; pages already added stay. An ended import is answered as it is.',
    scope: 'read_write',
    params: importParamsSchema,
    response: { schema: importResponseSchema },
  },
  async (ctx, { user }) => {
    const params = parseInput(importParamsSchema, ctx.params);
    const resource = await managedFormOf(ctx, user);
    respond(ctx, importResponseSchema, await cancelImportHandler(ctx, { params, resource }));
  },
);
