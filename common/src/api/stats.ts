/**
 * The owner's figures: the Dashboard tab's gathered read and the reads it gathers (verification
 * stats, totals, contributors, recent lists, the form's managers), and the home page's recently
 * completed images across the caller's forms.
 */
import { idParamSchema } from '../schemas/common.ts';
import { formDashboardQuerySchema, formDashboardResponseSchema } from '../schemas/formDashboard.ts';
import {
  adminsResponseSchema,
  formUsersResponseSchema,
  leaderboardResponseSchema,
  limitQuerySchema,
  recentImagesResponseSchema,
  recentlyCompletedResponseSchema,
  recentSubmissionsResponseSchema,
  totalResponseSchema,
  userCountResponseSchema,
} from '../schemas/formStats.ts';
import { verificationStatsSchema } from '../schemas/stats.ts';
import { defineRoutes } from './routeContract.ts';

export const statsApi = defineRoutes({
  formDashboard: {
    method: 'get',
    path: '/api/forms/{id}/dashboard',
    params: idParamSchema,
    query: formDashboardQuerySchema,
    response: formDashboardResponseSchema,
  },
  verificationStats: {
    method: 'get',
    path: '/api/forms/{id}/verification-stats',
    params: idParamSchema,
    response: verificationStatsSchema,
  },
  submissionTotal: {
    method: 'get',
    path: '/api/forms/{id}/stats',
    params: idParamSchema,
    response: totalResponseSchema,
  },
  userCount: {
    method: 'get',
    path: '/api/forms/{id}/user-count',
    params: idParamSchema,
    response: userCountResponseSchema,
  },
  leaderboard: {
    method: 'get',
    path: '/api/forms/{id}/leaderboard',
    params: idParamSchema,
    query: limitQuerySchema,
    response: leaderboardResponseSchema,
  },
  formUsers: { method: 'get', path: '/api/forms/{id}/users', params: idParamSchema, response: formUsersResponseSchema },
  recentUsers: {
    method: 'get',
    path: '/api/forms/{id}/recent-users',
    params: idParamSchema,
    query: limitQuerySchema,
    response: formUsersResponseSchema,
  },
  recentSubmissions: {
    method: 'get',
    path: '/api/forms/{id}/recent-submissions',
    params: idParamSchema,
    query: limitQuerySchema,
    response: recentSubmissionsResponseSchema,
  },
  recentImages: {
    method: 'get',
    path: '/api/forms/{id}/recent-images',
    params: idParamSchema,
    query: limitQuerySchema,
    response: recentImagesResponseSchema,
  },
  formAdmins: { method: 'get', path: '/api/forms/{id}/admins', params: idParamSchema, response: adminsResponseSchema },
  recentlyCompletedImages: {
    method: 'get',
    path: '/api/recently-completed-images',
    query: limitQuerySchema,
    response: recentlyCompletedResponseSchema,
  },
});
