/** Submissions: a contributor's entry for an image, one submission, a form's paged list, deleting one. */
import { idParamSchema } from '../schemas/common.ts';
import {
  createSubmissionRequestSchema,
  createSubmissionResponseSchema,
  submissionResponseSchema,
  submissionsPageQuerySchema,
  submissionsPageResponseSchema,
} from '../schemas/submission.ts';
import { defineRoutes } from './routeContract.ts';

export const submissionsApi = defineRoutes({
  createSubmission: {
    method: 'post',
    path: '/api/forms/{id}/submissions',
    params: idParamSchema,
    body: createSubmissionRequestSchema,
    response: createSubmissionResponseSchema,
    status: 201,
  },
  listSubmissions: {
    method: 'get',
    path: '/api/forms/{id}/submissions',
    params: idParamSchema,
    query: submissionsPageQuerySchema,
    response: submissionsPageResponseSchema,
  },
  getSubmission: {
    method: 'get',
    path: '/api/submissions/{id}',
    params: idParamSchema,
    response: submissionResponseSchema,
  },
  deleteSubmission: { method: 'delete', path: '/api/submissions/{id}', params: idParamSchema, status: 204 },
});
