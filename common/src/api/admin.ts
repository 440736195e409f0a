/** The super administrator's pages: the figures, and every user and form, listed, changed and deleted. */
import {
  adminFormSchema,
  adminFormsPageSchema,
  adminFormUpdateRequestSchema,
  adminListQuerySchema,
  adminStatsSchema,
  adminUserSchema,
  adminUsersPageSchema,
  adminUserUpdateRequestSchema,
} from '../schemas/admin.ts';
import { idParamSchema } from '../schemas/common.ts';
import { defineRoutes } from './routeContract.ts';

export const adminApi = defineRoutes({
  adminStats: { method: 'get', path: '/api/admin/stats', response: adminStatsSchema },
  adminUsers: { method: 'get', path: '/api/admin/users', query: adminListQuerySchema, response: adminUsersPageSchema },
  adminUpdateUser: {
    method: 'patch',
    path: '/api/admin/users/{id}',
    params: idParamSchema,
    body: adminUserUpdateRequestSchema,
    response: adminUserSchema,
  },
  adminDeleteUser: { method: 'delete', path: '/api/admin/users/{id}', params: idParamSchema, status: 204 },
  adminForms: { method: 'get', path: '/api/admin/forms', query: adminListQuerySchema, response: adminFormsPageSchema },
  adminUpdateForm: {
    method: 'patch',
    path: '/api/admin/forms/{id}',
    params: idParamSchema,
    body: adminFormUpdateRequestSchema,
    response: adminFormSchema,
  },
  adminDeleteForm: { method: 'delete', path: '/api/admin/forms/{id}', params: idParamSchema, status: 204 },
  adminRecountForm: { method: 'post', path: '/api/admin/forms/{id}/recount', params: idParamSchema, status: 202 },
});
