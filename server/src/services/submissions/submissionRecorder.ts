/**
 * Records one contributor's entry for one image: the submission, its field values and the
 * image's new consensus, all in one transaction. One entry per user per image is a unique
 * constraint, so parallel duplicates leave exactly one row.
 */
import type { FormField } from '@formscribe/common/fields';
import { valueToText } from '@formscribe/common/fieldValues';
import { ALREADY_SUBMITTED } from '@formscribe/common/schemas/submission';
import { checkSubmissionData } from '@formscribe/common/submissionData';
import type { AppDeps } from '../../appTypes.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../errors.ts';
import { FieldValue, type Form, type FormImage, FormSubmission, type User } from '../../models/index.ts';
import { IMAGE_NOT_FOUND } from '../../policies/images.ts';
import { lockImage, recomputeImage } from '../consensus/imageConsensusStore.ts';
import { submissionEvents } from '../webhooks/webhookEvents.ts';
import { enqueueWebhookEvents } from '../webhooks/webhookOutbox.ts';

export interface RecordedSubmission {
  submission: FormSubmission;
  image: FormImage;
}

export async function recordSubmission(
  deps: AppDeps,
  form: Form,
  user: User,
  imageId: number,
  rawData: Record<string, unknown>,
): Promise<RecordedSubmission> {
  const checked = checkSubmissionData(form.fields as FormField[], rawData);
  if (!checked.ok) throw badRequest(checked.message);
  try {
    const recorded = await deps.knex.transaction(async (trx) => {
      const image = await lockImage(trx, imageId);
      if (!image || image.formId !== form.id) throw notFound(IMAGE_NOT_FOUND);
      const submission = await FormSubmission.query(trx)
        .insert({
          formId: form.id,
          imageId: image.id,
          submittedById: user.id,
          submittedByEmail: user.username,
          data: checked.data,
          status: 'submitted',
        })
        .returning('*');
      const values = Object.entries(checked.data).map(([fieldName, value]) => ({
        formId: form.id,
        imageId: image.id,
        fieldName,
        value: valueToText(value),
        submittedById: user.id,
        submissionId: submission.id,
        submittedAt: submission.submittedAt,
      }));
      if (values.length) await FieldValue.query(trx).insert(values);
      const before = image.$clone(); // recomputeImage updates `image` in place
      const updated = await recomputeImage(trx, image, form, { entriesChanged: true });
      await enqueueWebhookEvents(deps, trx, form, submissionEvents(form, submission, before, updated));
      return { submission, image: updated };
    });
    void deps.live.imageChanged(form, recorded.image);
    void deps.live.submissionCreated(form, recorded.submission);
    return recorded;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ALREADY_SUBMITTED);
    throw error;
  }
}

/** Deletes an entry (its values cascade) and recomputes the image's consensus without it. */
export async function deleteSubmission(deps: AppDeps, submission: FormSubmission, form: Form): Promise<FormImage> {
  const image = await deps.knex.transaction(async (trx) => {
    const locked = await lockImage(trx, submission.imageId);
    if (!locked) throw notFound(IMAGE_NOT_FOUND);
    await FormSubmission.query(trx).deleteById(submission.id);
    return recomputeImage(trx, locked, form, { entriesChanged: true });
  });
  void deps.live.imageChanged(form, image);
  void deps.live.contributorsChanged(form, image.id);
  return image;
}
