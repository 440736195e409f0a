/**
 * Which image a contributor gets next: never one they entered or voted on, never a complete
 * one, preferably one nobody else has open, fewest entries first (spread the work), then upload
 * order; `skipImageId` is passed over.
 */
import type { QueryBuilder } from 'objection';
import { type Form, FormImage, type User } from '../../models/index.ts';

function imagesNeedingUser(form: Form, user: User): QueryBuilder<FormImage, FormImage[]> {
  return FormImage.query()
    .where('form_images.form_id', form.id)
    .where('form_images.is_complete', false)
    .whereNotExists((q) =>
      q
        .from('form_submissions')
        .whereColumn('form_submissions.image_id', 'form_images.id')
        .where('form_submissions.submitted_by_id', user.id),
    )
    .whereNotExists((q) =>
      q
        .from('image_no_data_votes')
        .whereColumn('image_no_data_votes.image_id', 'form_images.id')
        .where('image_no_data_votes.user_id', user.id),
    )
    .whereNotExists((q) =>
      q
        .from('image_unreadable_votes')
        .whereColumn('image_unreadable_votes.image_id', 'form_images.id')
        .where('image_unreadable_votes.user_id', user.id),
    );
}

/**
 * @param viewedByOthers images someone else has open right now: chosen last, so two people
 *   rarely transcribe the same page at the same moment.
 */
export async function findNextImage(form: Form, user: User, skipImageId?: number, viewedByOthers = new Set<number>()) {
  const remainingCount = await imagesNeedingUser(form, user).resultSize();
  const candidates = imagesNeedingUser(form, user);
  if (skipImageId !== undefined) candidates.whereNot('form_images.id', skipImageId);
  if (viewedByOthers.size) {
    candidates.orderByRaw('form_images.id = any(?::int[])', [[...viewedByOthers]]);
  }
  const image = await candidates.orderBy('form_images.entry_count').orderBy('form_images.id').first();
  return { image, remainingCount };
}
