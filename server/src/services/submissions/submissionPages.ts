/** A form's submissions, paged, sorted and searched (by the submitter's e-mail or the image name). */
import type { SubmissionSort } from '@formscribe/common/schemas/submission';
import { type Form, FormImage, FormSubmission, User } from '../../models/index.ts';

const ORDER: Record<SubmissionSort, [string, 'asc' | 'desc'][]> = {
  newest: [['form_submissions.submitted_at', 'desc']],
  oldest: [['form_submissions.submitted_at', 'asc']],
  username: [
    ['users.username', 'asc'],
    ['form_submissions.submitted_at', 'desc'],
  ],
  image: [
    ['form_images.original_name', 'asc'],
    ['form_submissions.submitted_at', 'desc'],
  ],
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listFormSubmissions(
  form: Form,
  options: { page: number; limit: number; sort: SubmissionSort; search: string },
) {
  const base = FormSubmission.query()
    .where('form_submissions.form_id', form.id)
    .leftJoin('users', 'users.id', 'form_submissions.submitted_by_id')
    .join('form_images', 'form_images.id', 'form_submissions.image_id');
  if (options.search) {
    const pattern = `%${escapeLike(options.search)}%`;
    base.where((q) =>
      q
        .whereILike('users.username', pattern)
        .orWhereILike('form_submissions.submitted_by_email', pattern)
        .orWhereILike('form_images.original_name', pattern),
    );
  }
  const total = await base.clone().resultSize();
  const page = base.clone().select('form_submissions.*');
  for (const [column, direction] of ORDER[options.sort]) page.orderBy(column, direction);
  const submissions = await page
    .orderBy('form_submissions.id', 'desc')
    .limit(options.limit)
    .offset((options.page - 1) * options.limit);

  const userIds = [...new Set(submissions.map((s) => s.submittedById).filter((id): id is number => id !== null))];
  const imageIds = [...new Set(submissions.map((s) => s.imageId))];
  const [users, images] = await Promise.all([
    userIds.length ? User.query().findByIds(userIds) : [],
    imageIds.length ? FormImage.query().findByIds(imageIds) : [],
  ]);
  return {
    rows: submissions.map((submission) => ({
      submission,
      user: users.find((u) => u.id === submission.submittedById),
      image: images.find((i) => i.id === submission.imageId),
    })),
    total,
    totalPages: Math.max(1, Math.ceil(total / options.limit)),
  };
}
