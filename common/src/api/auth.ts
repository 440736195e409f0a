/** Signing in and out, creating an account, and the signed-in user. */
import { loginRequestSchema, registerRequestSchema, userResponseSchema } from '../schemas/user.ts';
import { defineRoutes } from './routeContract.ts';

export const authApi = defineRoutes({
  currentUser: { method: 'get', path: '/api/user', response: userResponseSchema },
  login: { method: 'post', path: '/api/login', body: loginRequestSchema, response: userResponseSchema },
  register: {
    method: 'post',
    path: '/api/register',
    body: registerRequestSchema,
    response: userResponseSchema,
    status: 201,
  },
  logout: { method: 'post', path: '/api/logout', status: 204 },
});
