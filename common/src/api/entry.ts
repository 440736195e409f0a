/** The data-entry page's reads: the form with the caller's standing, and the next image to enter (leased). */
import { idParamSchema } from '../schemas/common.ts';
import { entryResponseSchema, nextImageQuerySchema, nextImageResponseSchema } from '../schemas/submission.ts';
import { defineRoutes } from './routeContract.ts';

export const entryApi = defineRoutes({
  getEntry: { method: 'get', path: '/api/forms/{id}/entry', params: idParamSchema, response: entryResponseSchema },
  /** A 404 says why there is none: nothing left for the caller, or everything held by others for now. */
  nextImage: {
    method: 'get',
    path: '/api/forms/{id}/next-image',
    params: idParamSchema,
    query: nextImageQuerySchema,
    response: nextImageResponseSchema,
  },
});
