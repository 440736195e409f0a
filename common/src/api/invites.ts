/**
 * A form's invite links (listed, created, deleted by its managers), the invite landing and its
 * acceptance (the link's token is the secret), and the one-image admin access token.
 */
import { idParamSchema } from '../schemas/common.ts';
import {
  adminAccessRequestSchema,
  adminAccessResponseSchema,
  createInviteRequestSchema,
  inviteLandingResponseSchema,
  inviteListResponseSchema,
  inviteParamsSchema,
  inviteResponseSchema,
  inviteTokenParamSchema,
} from '../schemas/invite.ts';
import { defineRoutes } from './routeContract.ts';

export const invitesApi = defineRoutes({
  listInvites: {
    method: 'get',
    path: '/api/forms/{id}/invites',
    params: idParamSchema,
    response: inviteListResponseSchema,
  },
  createInvite: {
    method: 'post',
    path: '/api/forms/{id}/invites',
    params: idParamSchema,
    body: createInviteRequestSchema,
    response: inviteResponseSchema,
    status: 201,
  },
  deleteInvite: {
    method: 'delete',
    path: '/api/forms/{id}/invites/{inviteId}',
    params: inviteParamsSchema,
    status: 204,
  },
  /** Read-only: opening a link never adds anyone to a form (another site can navigate a visitor here). */
  inviteLanding: {
    method: 'get',
    path: '/api/entry/{token}',
    params: inviteTokenParamSchema,
    response: inviteLandingResponseSchema,
    secrets: ['token'],
  },
  acceptInvite: {
    method: 'post',
    path: '/api/entry/{token}',
    params: inviteTokenParamSchema,
    response: inviteLandingResponseSchema,
    secrets: ['token'],
  },
  createAdminAccess: {
    method: 'post',
    path: '/api/forms/{id}/admin-access',
    params: idParamSchema,
    body: adminAccessRequestSchema,
    response: adminAccessResponseSchema,
  },
});
