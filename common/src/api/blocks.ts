/** A form's manager blocks a contributor (optionally dropping their entries) or lifts the block. */
import { blockParamsSchema, blockRequestSchema, blockResponseSchema, unblockResponseSchema } from '../schemas/block.ts';
import { defineRoutes } from './routeContract.ts';

export const blocksApi = defineRoutes({
  blockUser: {
    method: 'post',
    path: '/api/forms/{id}/users/{userId}/block',
    params: blockParamsSchema,
    body: blockRequestSchema,
    response: blockResponseSchema,
  },
  unblockUser: {
    method: 'post',
    path: '/api/forms/{id}/users/{userId}/unblock',
    params: blockParamsSchema,
    response: unblockResponseSchema,
  },
});
