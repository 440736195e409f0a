/**
 * Records one contributor's entry for one image: the submission, its field values and the
 * image's new consensus, all in one transaction. One entry per user per image is a unique
 * constraint, so parallel duplicates leave exactly one row.
 */
import type { FormField } from '@formscribe/common/fields';
import { valueToText } from '@formscribe/common/fieldValues';
import { ALREADY_SUBMITTED } from '@formscribe/common/schemas/submission';
import { checkSubmissionData } from '@formscribe/common/submissionData';
import type { Knex } from 'knex';
import type { AppDeps } from '../../appTypes.ts';
import { badRequest, conflict, isUniqueViolation } from '../../errors.ts';
import { FieldValue, type Form, type FormImage, FormSubmission, type User } from '../../models/index.ts';
import { announcingTransaction } from '../announcements/announcements.ts';
import { releaseLease } from '../entry/imageLeases.ts';
import type { ImageStateCause } from '../imageState/imageStateChange.ts';
import { writeImageState } from '../imageState/imageStateWriter.ts';

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
    return await announcingTransaction(deps, async (announcements) => {
      const { cause, after } = await writeImageState(announcements, form, imageId, (image) =>
        insertEntry(announcements.trx, image, user, checked.data),
      );
      if (cause.kind !== 'entry-added') throw new Error('the entry was not recorded');
      await releaseLease(announcements.trx, imageId, user.id);
      return { submission: cause.submission, image: after };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ALREADY_SUBMITTED);
    throw error;
  }
}

/** The entry and its field values (one row per field, for the submission pages and exports). */
async function insertEntry(
  trx: Knex.Transaction,
  image: FormImage,
  user: User,
  data: Record<string, unknown>,
): Promise<ImageStateCause> {
  const submission = await FormSubmission.query(trx)
    .insert({
      formId: image.formId,
      imageId: image.id,
      submittedById: user.id,
      submittedByEmail: user.username,
      data,
      status: 'submitted',
    })
    .returning('*');
  const values = Object.entries(data).map(([fieldName, value]) => ({
    formId: image.formId,
    imageId: image.id,
    fieldName,
    value: valueToText(value),
    submittedById: user.id,
    submissionId: submission.id,
    submittedAt: submission.submittedAt,
  }));
  if (values.length) await FieldValue.query(trx).insert(values);
  return { kind: 'entry-added', submission };
}

/** Deletes an entry (its values cascade) and recomputes the image's consensus without it. */
export async function deleteSubmission(deps: AppDeps, submission: FormSubmission, form: Form): Promise<FormImage> {
  return announcingTransaction(deps, async (announcements) => {
    const { after } = await writeImageState(announcements, form, submission.imageId, async () => {
      await FormSubmission.query(announcements.trx).deleteById(submission.id);
      return { kind: 'entry-removed' };
    });
    return after;
  });
}
