/** The profile page's personal access tokens: the caller lists, creates and revokes their own. */
import {
  apiTokenListResponseSchema,
  createApiTokenRequestSchema,
  createdApiTokenResponseSchema,
} from '../schemas/apiTokens.ts';
import { idParamSchema } from '../schemas/common.ts';
import { defineRoutes } from './routeContract.ts';

export const apiTokensApi = defineRoutes({
  listApiTokens: { method: 'get', path: '/api/api-tokens', response: apiTokenListResponseSchema },
  createApiToken: {
    method: 'post',
    path: '/api/api-tokens',
    body: createApiTokenRequestSchema,
    response: createdApiTokenResponseSchema,
    status: 201,
  },
  revokeApiToken: { method: 'delete', path: '/api/api-tokens/{id}', params: idParamSchema, status: 204 },
});
