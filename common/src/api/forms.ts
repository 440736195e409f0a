/** The forms: the dashboard list, creating one, reading, changing and deleting it, deactivating several. */
import { idParamSchema } from '../schemas/common.ts';
import {
  createFormRequestSchema,
  deactivateFormsRequestSchema,
  deactivateFormsResponseSchema,
  formListResponseSchema,
  formResponseSchema,
  updateFormRequestSchema,
  updateFormResponseSchema,
} from '../schemas/form.ts';
import { defineRoutes } from './routeContract.ts';

export const formsApi = defineRoutes({
  listForms: { method: 'get', path: '/api/forms', response: formListResponseSchema },
  createForm: {
    method: 'post',
    path: '/api/forms',
    body: createFormRequestSchema,
    response: formResponseSchema,
    status: 201,
  },
  deactivateForms: {
    method: 'post',
    path: '/api/forms/deactivate-multiple',
    body: deactivateFormsRequestSchema,
    response: deactivateFormsResponseSchema,
  },
  getForm: { method: 'get', path: '/api/forms/{id}', params: idParamSchema, response: formResponseSchema },
  updateForm: {
    method: 'patch',
    path: '/api/forms/{id}',
    params: idParamSchema,
    body: updateFormRequestSchema,
    response: updateFormResponseSchema,
  },
  deleteForm: { method: 'delete', path: '/api/forms/{id}', params: idParamSchema, status: 204 },
});
