/**
 * A manager's marks on an image (complete / uncomplete), the shared rotation, and deletion.
 * Completion is derived state: it is recomputed in the same statement as the mark.
 */
import { isImageComplete } from '@formscribe/common/imageCompletion';
import type { Knex } from 'knex';
import type { AppDeps } from '../../appTypes.ts';
import { notFound } from '../../errors.ts';
import { type Form, FormImage, type User } from '../../models/index.ts';
import { IMAGE_NOT_FOUND } from '../../policies/images.ts';
import { removeImageFiles } from '../storage/formFiles.ts';
import { manualCompletionEvents } from '../webhooks/webhookEvents.ts';
import { enqueueWebhookEvents } from '../webhooks/webhookOutbox.ts';

/** What else the patch's transaction must write (webhook events), given the image before and after. */
type AfterPatch = (trx: Knex.Transaction, before: FormImage, updated: FormImage) => Promise<void>;

async function patchImage(
  deps: AppDeps,
  imageId: number,
  change: (image: FormImage) => Partial<FormImage>,
  afterPatch?: AfterPatch,
) {
  return deps.knex.transaction(async (trx) => {
    // Locked so a concurrent vote or submission cannot interleave with the recompute.
    const image = await FormImage.query(trx).findById(imageId).forUpdate();
    if (!image) throw notFound(IMAGE_NOT_FOUND);
    const before = image.$clone(); // patchAndFetch updates `image` in place
    const updated = await image.$query(trx).patchAndFetch(change(image));
    await afterPatch?.(trx, before, updated);
    return updated;
  });
}

/** Applies the change, then tells the image's watchers and the form's owners. */
async function patchAndPublish(
  deps: AppDeps,
  form: Form,
  imageId: number,
  change: (image: FormImage) => Partial<FormImage>,
  afterPatch?: AfterPatch,
): Promise<FormImage> {
  const updated = await patchImage(deps, imageId, change, afterPatch);
  void deps.live.imageChanged(form, updated);
  return updated;
}

export function markImageComplete(deps: AppDeps, form: Form, imageId: number, user: User): Promise<FormImage> {
  const announce: AfterPatch = (trx, before, updated) =>
    enqueueWebhookEvents(deps, trx, form, manualCompletionEvents(form, before, updated));
  return patchAndPublish(
    deps,
    form,
    imageId,
    (image) => ({
      manuallyCompleted: true,
      completedById: user.id,
      completedAt: new Date(),
      isComplete: isImageComplete({ ...image, manuallyCompleted: true }, form.requiredEntriesPerImage),
    }),
    announce,
  );
}

export function unmarkImageComplete(deps: AppDeps, form: Form, imageId: number): Promise<FormImage> {
  return patchAndPublish(deps, form, imageId, (image) => {
    // Still complete if its fields are verified or enough votes were cast.
    const isComplete = isImageComplete({ ...image, manuallyCompleted: false }, form.requiredEntriesPerImage);
    return {
      manuallyCompleted: false,
      completedById: null,
      completedAt: isComplete ? image.completedAt : null,
      isComplete,
    };
  });
}

/** Rotation is a viewing aid shared by everyone who sees the image; the file is not touched. */
export function rotateImage(deps: AppDeps, form: Form, imageId: number, rotation: number): Promise<FormImage> {
  return patchAndPublish(deps, form, imageId, () => ({ rotation }));
}

/** Deletes the row (its entries, values and votes cascade), then its files. */
export async function deleteImage(deps: AppDeps, form: Form, image: FormImage): Promise<void> {
  const deleted = await FormImage.query(deps.knex).deleteById(image.id);
  if (!deleted) throw notFound(IMAGE_NOT_FOUND);
  void deps.live.imageRemoved(form, image.id);
  await removeImageFiles(deps.config, image).catch((error) =>
    deps.logger.warn({ err: error, imageId: image.id }, 'files of a deleted image could not be removed'),
  );
}
