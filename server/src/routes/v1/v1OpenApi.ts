/** GET /api/v1/openapi.json: the API's description, public (it holds no data). */
import { openApiDocumentSchema } from '@formscribe/common/schemas/v1';
import { respond } from '../respond.ts';
import { openApiDocument } from './openApiDocument.ts';
import { v1PublicRoute } from './v1Router.ts';

v1PublicRoute(
  {
    method: 'get',
    path: '/api/v1/openapi.json',
    summary: 'This document',
    description: 'The OpenAPI 3.1 description of /api/v1. No token needed.',
    scope: 'public',
    response: { schema: openApiDocumentSchema },
  },
  async (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    respond(ctx, openApiDocumentSchema, openApiDocument());
  },
);
