/** Beyond the spec: an image's entries per field as variants, and the owner accepting or withdrawing one. */
import { idParamSchema } from '../schemas/common.ts';
import {
  acceptVariantRequestSchema,
  imageVariantsResponseSchema,
  resolutionParamsSchema,
} from '../schemas/disagreement.ts';
import { imageResponseSchema } from '../schemas/form.ts';
import { defineRoutes } from './routeContract.ts';

export const disagreementsApi = defineRoutes({
  imageVariants: {
    method: 'get',
    path: '/api/images/{id}/variants',
    params: idParamSchema,
    response: imageVariantsResponseSchema,
  },
  acceptVariant: {
    method: 'post',
    path: '/api/images/{id}/resolutions',
    params: idParamSchema,
    body: acceptVariantRequestSchema,
    response: imageResponseSchema,
  },
  withdrawAcceptance: {
    method: 'delete',
    path: '/api/images/{id}/resolutions/{fieldId}',
    params: resolutionParamsSchema,
    response: imageResponseSchema,
  },
});
