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
import { type Form, type FormImage, FormSubmission, type User } from '../../models/index.ts';
import { announcingTransaction } from '../announcements/announcements.ts';
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
      return { submission: cause.submission, image: after };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ALREADY_SUBMITTED);
    throw error;
  }
}

/**
 * The entry, its field values (one row per field, for the submission pages and exports) and the
 * end of the contributor's lease on the image, in one statement: one round trip while the image
 * row is locked.
 */
async function insertEntry(
  trx: Knex.Transaction,
  image: FormImage,
  user: User,
  data: Record<string, unknown>,
): Promise<ImageStateCause> {
  const values = Object.entries(data).map(([field_name, value]) => ({ field_name, value: valueToText(value) }));
  const { rows } = await trx.raw(
    `WITH entry AS (
       INSERT INTO form_submissions (form_id, image_id, submitted_by_id, submitted_by_email, data, status)
       VALUES (:formId, :imageId, :userId, :email, CAST(:data AS jsonb), 'submitted')
       RETURNING *
     ), field_rows AS (
       INSERT INTO field_values (form_id, image_id, field_name, value, submitted_by_id, submission_id, submitted_at)
       SELECT entry.form_id, entry.image_id, v.field_name, v.value, entry.submitted_by_id, entry.id, entry.submitted_at
       FROM entry, jsonb_to_recordset(CAST(:values AS jsonb)) AS v(field_name text, value text)
     ), lease AS (
       DELETE FROM image_leases WHERE image_id = :imageId AND user_id = :userId
     )
     SELECT * FROM entry`,
    {
      formId: image.formId,
      imageId: image.id,
      userId: user.id,
      email: user.username,
      data: JSON.stringify(data),
      values: JSON.stringify(values),
    },
  );
  const row = rows[0];
  const submission = FormSubmission.fromJson({
    id: row.id,
    formId: row.form_id,
    imageId: row.image_id,
    submittedById: row.submitted_by_id,
    submittedByEmail: row.submitted_by_email,
    data: row.data,
    status: row.status,
    confidence: row.confidence,
    notes: row.notes,
    submittedAt: row.submitted_at,
  });
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
