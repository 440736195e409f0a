/** Submissions: a contributor's entry for an image, one submission, a form's paged list, deleting one. */
import { submissionsApi } from '@formscribe/common/api/submissions';
import { FormImage, User } from '../../models/index.ts';
import {
  presentCreatedSubmission,
  presentSubmission,
  presentSubmissionsPage,
} from '../../presenters/presentSubmission.ts';
import { listFormSubmissions } from '../../services/submissions/submissionPages.ts';
import { deleteSubmission, recordSubmission } from '../../services/submissions/submissionRecorder.ts';
import { route } from '../declared/declareRoute.ts';
import { deletableSubmission, entryForm, visibleSubmission } from '../declared/imagePolicies.ts';
import { managedForm } from '../declared/routePolicies.ts';

route(submissionsApi.createSubmission, { policy: entryForm }, async (ctx, { user, body, resource: form }) => {
  const { submission, image } = await recordSubmission(ctx.deps, form, user, body.imageId, body.data, body.asWritten);
  return presentCreatedSubmission(submission, user, image);
});

route(submissionsApi.getSubmission, { policy: visibleSubmission }, async (_ctx, { resource: { submission, form } }) => {
  const [submitter, image] = await Promise.all([
    submission.submittedById ? User.query().findById(submission.submittedById) : undefined,
    FormImage.query().findById(submission.imageId),
  ]);
  return presentSubmission(submission, { user: submitter, image, form });
});

route(submissionsApi.deleteSubmission, { policy: deletableSubmission }, async (ctx, { user, resource }) => {
  await deleteSubmission(ctx.deps, resource.submission, resource.form, user);
});

route(submissionsApi.listSubmissions, { policy: managedForm }, async (_ctx, { query, resource: form }) => {
  const page = await listFormSubmissions(form, query);
  return presentSubmissionsPage(page, query.page);
});
