import { DELETED_USER_NAME, displayName, type NamedPerson } from '@formscribe/common/displayName';
import type {
  ContributorResponse,
  CreateSubmissionResponse,
  SubmissionResponse,
  SubmissionsPageResponse,
} from '@formscribe/common/schemas/submission';
import type { Form, FormImage, FormSubmission, User } from '../models/index.ts';
import { imageProxyUrl } from '../services/images/imageUrls.ts';
import { presentImage } from './presentImage.ts';

export function presentSubmission(
  submission: FormSubmission,
  related: { user?: User; image?: FormImage; form?: Form },
): SubmissionResponse {
  const { user, image, form } = related;
  return {
    id: submission.id,
    formId: submission.formId,
    imageId: submission.imageId,
    data: submission.data,
    asWritten: submission.asWritten,
    status: submission.status,
    confidence: submission.confidence,
    notes: submission.notes,
    submittedAt: submission.submittedAt.toISOString(),
    submittedByEmail: submission.submittedByEmail,
    user: user ? { id: user.id, username: user.username, name: user.name } : null,
    image: image
      ? { id: image.id, originalName: image.originalName, publicUrl: image.publicUrl ?? imageProxyUrl(image.filename) }
      : null,
    ...(form ? { form: { id: form.id, name: form.name, fields: form.fields } } : {}),
  };
}

/** The new submission and its image's state after it (the entry page updates both at once). */
export function presentCreatedSubmission(
  submission: FormSubmission,
  submitter: User,
  image: FormImage,
): CreateSubmissionResponse {
  return { ...presentSubmission(submission, { user: submitter, image }), imageState: presentImage(image) };
}

/** One page of a form's submissions (GET /api/forms/{id}/submissions). */
export function presentSubmissionsPage(
  page: {
    rows: { submission: FormSubmission; user?: User; image?: FormImage }[];
    total: number;
    totalPages: number;
  },
  pageNumber: number,
): SubmissionsPageResponse {
  return {
    submissions: page.rows.map(({ submission, user, image }) => presentSubmission(submission, { user, image })),
    total: page.total,
    page: pageNumber,
    totalPages: page.totalPages,
  };
}

export function presentContributor(
  submission: Pick<FormSubmission, 'id' | 'submittedAt'>,
  user: NamedPerson | undefined,
  showEmail: boolean,
): ContributorResponse {
  const submittedBy = user ? (showEmail ? user.username : displayName(user)) : DELETED_USER_NAME;
  return { id: submission.id, submittedBy, submittedAt: submission.submittedAt.toISOString() };
}
