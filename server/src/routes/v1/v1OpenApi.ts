/** GET /api/v1/openapi.json: the API's description, public (it holds no data). */
import { v1Api } from '@formscribe/common/api/v1';
import { route } from '../declared/declareRoute.ts';
import { openApiDocument } from './openApiDocument.ts';

route(v1Api.openApiDocument, { public: 'the public API’s description: no data in it' }, (ctx) => {
  ctx.set('Cache-Control', 'public, max-age=300');
  return openApiDocument();
});
