/** /api/v1 imports: a script starts a IIIF import, follows an import's figures, cancels it. */
import { idParamSchema } from '@formscribe/common/schemas/common';
import {
  importResponseSchema,
  importStartedResponseSchema,
  importsListResponseSchema,
  startIiifImportRequestSchema,
} from '@formscribe/common/schemas/imports';
import {
  cancelImportHandler,
  importParamsSchema,
  listImportsHandler,
  readImportHandler,
  startIiifImportHandler,
} from '../images/formImports.ts';
import { v1Route } from './v1Router.ts';

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
  (ctx, { user }) => startIiifImportHandler(ctx, user),
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
  (ctx, { user }) => listImportsHandler(ctx, user),
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
  (ctx, { user }) => readImportHandler(ctx, user),
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
  (ctx, { user }) => cancelImportHandler(ctx, user),
);
