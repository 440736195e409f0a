/**
 * The public API, /api/v1, for personal access tokens: each file below declares its routes with
 * `route(contract, { token: scope, policy }, handler)` (routes/declared/declareRoute.ts) when
 * imported; add a new file's import here. The token check, its scope, the ETag of JSON reads and
 * the route's place in the OpenAPI document (openApiDocument.ts) all come from that declaration.
 */
import { declaredRouter } from '../declared/declareRoute.ts';
import './v1Forms.ts';
import './v1Images.ts';
import './v1Catalogue.ts';
import './v1Imports.ts';
import './v1Iiif.ts';
import './v1Data.ts';
import './v1FormFigures.ts';
import './v1Insights.ts';
import './v1OpenApi.ts';

/** The /api/v1 routes as the router holds them: what the public API's tests walk. */
export const v1Router = {
  stack: declaredRouter.stack.filter((layer) => String(layer.path).startsWith('/api/v1/')),
};
