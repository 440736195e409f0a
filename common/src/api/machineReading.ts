/** Machine reading (OCR) of a form's field regions, for its managers: the settings and the machine's agreement. */
import { idParamSchema } from '../schemas/common.ts';
import {
  machineAgreementResponseSchema,
  machineReadingSettingsSchema,
  machineReadingSettingsUpdateSchema,
} from '../schemas/machineReading.ts';
import { defineRoutes } from './routeContract.ts';

export const machineReadingApi = defineRoutes({
  getMachineReading: {
    method: 'get',
    path: '/api/forms/{id}/machine-reading',
    params: idParamSchema,
    response: machineReadingSettingsSchema,
  },
  updateMachineReading: {
    method: 'put',
    path: '/api/forms/{id}/machine-reading',
    params: idParamSchema,
    body: machineReadingSettingsUpdateSchema,
    response: machineReadingSettingsSchema,
  },
  machineAgreement: {
    method: 'get',
    path: '/api/forms/{id}/machine-reading/agreement',
    params: idParamSchema,
    response: machineAgreementResponseSchema,
  },
});
