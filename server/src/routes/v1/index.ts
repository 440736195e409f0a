/**
 * The public API, /api/v1, for personal access tokens: each file below declares its routes with
 * `route(contract, { token: scope, policy }, handler)` (routes/declared/declareRoute.ts) when
 * imported; add a new file's import here. The token check, its scope, the ETag of JSON reads and
 * the route's place in the OpenAPI document (openApiDocument.ts) all come from that declaration.
 */
import { routerPath } from '@formscribe/common/api/routeContract';
import { declaredRoutes } from '../declared/declareRoute.ts';
import './v1Forms.ts';
import './v1Images.ts';
import './v1Catalogue.ts';
import './v1Imports.ts';
import './v1Iiif.ts';
import './v1Data.ts';
import './v1FormFigures.ts';
import './v1Insights.ts';
import './v1OpenApi.ts';

/**
 * The /api/v1 routes the app answers itself (the tus server answers the resumable uploads' own),
 * as method and router path: what the public API's tests walk.
 */
export const v1Routes = declaredRoutes
  .filter((route) => route.handle && route.contract.path.startsWith('/api/v1/'))
  .map(({ contract }) => ({ method: contract.method.toUpperCase(), path: routerPath(contract.path) }));
