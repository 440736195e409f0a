/** Who may see and delete a submission: the form's managers, and (to see it) the person who made it. */
import { MESSAGES } from '@formscribe/common/messages';
import { notFound } from '../errors.ts';
import { Form, FormSubmission, type User } from '../models/index.ts';
import { canManageForm, loadManagedForm, type PolicyContext } from './forms.ts';

export const SUBMISSION_NOT_FOUND = MESSAGES.submissionNotFound;

/** A submission the user may see, with its form; anyone else gets the same 404 as for a missing one. */
export async function loadVisibleSubmission(ctx: PolicyContext, user: User, submissionId: number) {
  const submission = await FormSubmission.query().findById(submissionId);
  const form = submission ? await Form.query().findById(submission.formId) : undefined;
  if (!submission || !form) throw notFound(SUBMISSION_NOT_FOUND);
  if (!canManageForm(ctx, user, form) && submission.submittedById !== user.id) throw notFound(SUBMISSION_NOT_FOUND);
  return { submission, form };
}

/** A submission the user may delete: 404 if they cannot see it, 403 if it is only their own entry. */
export async function loadDeletableSubmission(ctx: PolicyContext, user: User, submissionId: number) {
  const { submission } = await loadVisibleSubmission(ctx, user, submissionId);
  const form = await loadManagedForm(ctx, user, submission.formId);
  return { submission, form };
}
