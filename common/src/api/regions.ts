/** Field regions beyond the boxes: the form's region settings and each image's shift. */
import { idParamSchema } from '../schemas/common.ts';
import {
  regionSettingsSchema,
  regionSettingsUpdateSchema,
  regionShiftResponseSchema,
  regionShiftUpdateSchema,
} from '../schemas/regions.ts';
import { defineRoutes } from './routeContract.ts';

export const regionsApi = defineRoutes({
  getRegionSettings: {
    method: 'get',
    path: '/api/forms/{id}/regions',
    params: idParamSchema,
    response: regionSettingsSchema,
  },
  updateRegionSettings: {
    method: 'put',
    path: '/api/forms/{id}/regions',
    params: idParamSchema,
    body: regionSettingsUpdateSchema,
    response: regionSettingsSchema,
  },
  getImageShift: {
    method: 'get',
    path: '/api/images/{id}/region-shift',
    params: idParamSchema,
    response: regionShiftResponseSchema,
  },
  setImageShift: {
    method: 'put',
    path: '/api/images/{id}/region-shift',
    params: idParamSchema,
    body: regionShiftUpdateSchema,
    response: regionShiftResponseSchema,
  },
});
