/**
 * The caller's own account: password recovery (the token from the mail is the secret), e-mail
 * verification, the profile, the password and the tutorials.
 */
import { messageResponseSchema, validTokenResponseSchema } from '../schemas/common.ts';
import {
  emailVerifiedResponseSchema,
  forgotPasswordRequestSchema,
  passwordChangeRequestSchema,
  profileUpdateRequestSchema,
  resetPasswordRequestSchema,
  tokenParamSchema,
  userResponseSchema,
  verifyEmailQuerySchema,
} from '../schemas/user.ts';
import { defineRoutes } from './routeContract.ts';

export const accountApi = defineRoutes({
  forgotPassword: {
    method: 'post',
    path: '/api/forgot-password',
    body: forgotPasswordRequestSchema,
    response: messageResponseSchema,
  },
  verifyResetToken: {
    method: 'get',
    path: '/api/verify-reset-token/{token}',
    params: tokenParamSchema,
    response: validTokenResponseSchema,
    secrets: ['token'],
  },
  resetPassword: {
    method: 'post',
    path: '/api/reset-password',
    body: resetPasswordRequestSchema,
    response: messageResponseSchema,
  },
  verifyEmail: {
    method: 'get',
    path: '/api/verify-email',
    query: verifyEmailQuerySchema,
    response: emailVerifiedResponseSchema,
  },
  resendVerification: { method: 'post', path: '/api/resend-verification', response: messageResponseSchema },
  updateProfile: {
    method: 'put',
    path: '/api/user/profile',
    body: profileUpdateRequestSchema,
    response: userResponseSchema,
  },
  changePassword: {
    method: 'patch',
    path: '/api/profile/password',
    body: passwordChangeRequestSchema,
    response: messageResponseSchema,
  },
  completeOwnerTutorial: { method: 'post', path: '/api/tutorial/complete', response: userResponseSchema },
  completeDataEntryTutorial: {
    method: 'post',
    path: '/api/tutorial/data-entry/complete',
    response: userResponseSchema,
  },
});
