import { idParamSchema } from '@formscribe/common/schemas/common';
import {
  createSubmissionRequestSchema,
  createSubmissionResponseSchema,
  submissionResponseSchema,
  submissionsPageQuerySchema,
  submissionsPageResponseSchema,
} from '@formscribe/common/schemas/submission';
import Router from '@koa/router';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { requireUser } from '../../middlewares/session.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { FormImage, User } from '../../models/index.ts';
import {
  loadDeletableSubmission,
  loadFormForEntry,
  loadManagedForm,
  loadVisibleSubmission,
} from '../../policies/index.ts';
import {
  presentCreatedSubmission,
  presentSubmission,
  presentSubmissionsPage,
} from '../../presenters/presentSubmission.ts';
import { listFormSubmissions } from '../../services/submissions/submissionPages.ts';
import { deleteSubmission, recordSubmission } from '../../services/submissions/submissionRecorder.ts';
import { respond } from '../respond.ts';

export const submissionsRouter = new Router<AppState, AppContextExtras>();

submissionsRouter.post('/api/forms/:id/submissions', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const { imageId, data } = parseInput(createSubmissionRequestSchema, ctx.request.body);
  const user = requireUser(ctx);
  const form = await loadFormForEntry(ctx, user, id);
  const { submission, image } = await recordSubmission(ctx.deps, form, user, imageId, data);
  const presented = presentCreatedSubmission(submission, user, image);
  respond(ctx, createSubmissionResponseSchema, presented, 201);
});

submissionsRouter.get('/api/submissions/:id', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const { submission, form } = await loadVisibleSubmission(ctx, requireUser(ctx), id);
  const [submitter, image] = await Promise.all([
    submission.submittedById ? User.query().findById(submission.submittedById) : undefined,
    FormImage.query().findById(submission.imageId),
  ]);
  respond(ctx, submissionResponseSchema, presentSubmission(submission, { user: submitter, image, form }));
});

submissionsRouter.delete('/api/submissions/:id', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const { submission, form } = await loadDeletableSubmission(ctx, requireUser(ctx), id);
  await deleteSubmission(ctx.deps, submission, form);
  ctx.status = 204;
});

submissionsRouter.get('/api/forms/:id/submissions', async (ctx) => {
  const { id } = parseInput(idParamSchema, ctx.params);
  const query = parseInput(submissionsPageQuerySchema, ctx.query);
  const form = await loadManagedForm(ctx, requireUser(ctx), id);
  const page = await listFormSubmissions(form, query);
  respond(ctx, submissionsPageResponseSchema, presentSubmissionsPage(page, query.page));
});
