/**
 * A manager's marks on an image (complete / uncomplete), the shared rotation, and deletion.
 * Marks and rotation go through the image state writer: it locks the image, decides completion
 * (a mark is one of its inputs) and announces the change.
 */
import type { AppDeps } from '../../appTypes.ts';
import { notFound } from '../../errors.ts';
import { type Form, FormImage, type User } from '../../models/index.ts';
import { IMAGE_NOT_FOUND } from '../../policies/images.ts';
import { type AuditActor, auditImageDeleted, auditManualMark } from '../audit/auditedChanges.ts';
import { inTransaction } from '../events/domainEventRecorder.ts';
import type { ImageStateCause } from '../imageState/imageStateChange.ts';
import { writeImageState } from '../imageState/imageStateWriter.ts';
import { readAgainAfterTurn } from '../ocr/machineReadingJob.ts';
import { estimateAgainAfterTurn } from '../regions/regionShiftJob.ts';
import { applyImageCounterDelta } from '../stats/formCounters.ts';
import { removeImageFiles } from '../storage/formFiles.ts';
import { lockFormImageNumbers } from './uploadLimits.ts';

/** `markedBy`: a manager's mark, which the audit trail records with the change. */
async function changeImage(
  deps: AppDeps,
  form: Form,
  imageId: number,
  cause: ImageStateCause,
  markedBy?: AuditActor,
): Promise<FormImage> {
  const { after } = await inTransaction(deps, async (events) => {
    const change = await writeImageState(events, form, imageId, cause);
    // A turned image is read upright by machine reading (services/ocr/) and its shift is
    // estimated upright (services/regions/): read it and estimate it again.
    if (change.after.rotation !== change.before.rotation) {
      await readAgainAfterTurn(events, form.id, imageId);
      await estimateAgainAfterTurn(events, form.id, imageId);
    }
    if (markedBy !== undefined) await auditManualMark(events, markedBy, change);
    return change;
  });
  return after;
}

export function markImageComplete(deps: AppDeps, form: Form, imageId: number, user: User): Promise<FormImage> {
  return changeImage(deps, form, imageId, { kind: 'manual-mark', completed: true, byUserId: user.id }, user);
}

/** The image stays complete if its fields are verified or enough votes were cast. */
export function unmarkImageComplete(deps: AppDeps, form: Form, imageId: number, user: User): Promise<FormImage> {
  return changeImage(deps, form, imageId, { kind: 'manual-mark', completed: false, byUserId: null }, user);
}

/** Rotation is a viewing aid shared by everyone who sees the image; the file is not touched. */
export function rotateImage(deps: AppDeps, form: Form, imageId: number, rotation: number): Promise<FormImage> {
  return changeImage(deps, form, imageId, { kind: 'rotation', rotation });
}

/**
 * Deletes the row (its entries, values and votes cascade; later images' numbers move down) and
 * takes it off the form's counters, then removes its files. Under the numbering lock, so an
 * upload running alongside numbers its image after the move. The counters take the row as it was deleted, not as it was read.
 */
export async function deleteImage(deps: AppDeps, form: Form, image: FormImage, by: User): Promise<void> {
  const deleted = await inTransaction(deps, async (events) => {
    const { trx } = events;
    await lockFormImageNumbers(trx, form.id);
    const [row] = (await FormImage.query(trx).where('id', image.id).delete().returning('*')) as unknown as FormImage[];
    // The database moved the later images' numbers down (a trigger keeps them positions).
    if (row) await applyImageCounterDelta(trx, row.formId, row, null);
    if (row) events.record({ type: 'image-removed', form, imageId: image.id });
    if (row) await auditImageDeleted(events, by, row);
    return row;
  });
  if (!deleted) throw notFound(IMAGE_NOT_FOUND);
  await removeImageFiles(deps.config, image).catch((error) =>
    deps.logger.warn({ err: error, imageId: image.id }, 'files of a deleted image could not be removed'),
  );
}
