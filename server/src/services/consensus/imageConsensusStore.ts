/**
 * Keeps an image's derived verification state (entry count, verified fields, per-field status,
 * completion) in step with its entries. Always called inside the transaction that changed the
 * entries or votes, with the image row locked, so readers only ever see consistent figures.
 */
import { computeConsensus, type ImageConsensus } from '@formscribe/common/consensus';
import type { FormField } from '@formscribe/common/fields';
import { isImageComplete } from '@formscribe/common/imageCompletion';
import type { Knex } from 'knex';
import { FieldResolution, type Form, FormImage, FormSubmission, FormUserBlock } from '../../models/index.ts';

/** Locks the image row for the rest of the transaction (serialises work on one image). */
export async function lockImage(trx: Knex.Transaction, imageId: number): Promise<FormImage | undefined> {
  return FormImage.query(trx).findById(imageId).forUpdate();
}

/** Entries that count: oldest first, without those of users blocked with "drop their entries". */
async function countedEntries(trx: Knex.Transaction, image: FormImage): Promise<Record<string, unknown>[]> {
  const rows = await FormSubmission.query(trx)
    .where('imageId', image.id)
    .whereNotExists(
      FormUserBlock.query(trx)
        .whereColumn('form_user_blocks.user_id', 'form_submissions.submitted_by_id')
        .where({ formId: image.formId, dropEntries: true }),
    )
    .orderBy('submittedAt')
    .orderBy('id')
    .select('data');
  return rows.map((row) => row.data);
}

/**
 * Recomputes and stores the image's consensus and completion; returns the updated row.
 * `entriesChanged`: an entry was added or removed, so what was exported is out of date and the
 * image counts as "not yet exported" again.
 */
export async function recomputeImage(
  trx: Knex.Transaction,
  image: FormImage,
  form: Form,
  options: { entriesChanged?: boolean } = {},
): Promise<FormImage> {
  // One connection serves the transaction, so these run one after another (pg queues no more).
  const entries = await countedEntries(trx, image);
  const resolutions = await FieldResolution.query(trx).where({ imageId: image.id });
  const lastSubmission = await FormSubmission.query(trx).where('imageId', image.id).max('submittedAt as last').first();
  const consensus = withResolutions(
    computeConsensus(form.fields as FormField[], entries, form.requiredEntriesPerImage),
    resolutions,
  );
  const state = {
    entryCount: consensus.entryCount,
    verifiedFieldCount: consensus.verifiedFieldCount,
    totalFieldCount: consensus.totalFieldCount,
    fieldStatus: consensus.fieldStatus,
    lastSubmissionAt: (lastSubmission as unknown as { last: Date | null } | undefined)?.last ?? null,
  };
  const isComplete = isImageComplete({ ...image, ...state }, form.requiredEntriesPerImage);
  const [updated] = (await FormImage.query(trx)
    .where('id', image.id)
    .patch({
      ...state,
      isComplete,
      completedAt: completionTime(image, isComplete),
      ...(options.entriesChanged ? { exportedAt: null, exportedById: null } : {}),
    })
    .returning('*')) as unknown as FormImage[];
  if (!updated) throw new Error(`image ${image.id} vanished inside its own transaction`);
  return updated;
}

/** When the image became complete: kept while it stays complete, cleared when it is not any more. */
export function completionTime(image: FormImage, isComplete: boolean): Date | null {
  return isComplete ? (image.completedAt ?? new Date()) : null;
}

/** An owner's accepted value settles a field, whatever the entries say (for fields the form still has). */
function withResolutions(consensus: ImageConsensus, resolutions: FieldResolution[]): ImageConsensus {
  const fieldStatus = { ...consensus.fieldStatus };
  for (const resolution of resolutions) {
    if (!(resolution.fieldId in fieldStatus)) continue;
    fieldStatus[resolution.fieldId] = { isVerified: true, verifiedValue: resolution.value };
  }
  const verifiedFieldCount = Object.values(fieldStatus).filter((s) => s.isVerified).length;
  return { ...consensus, fieldStatus, verifiedFieldCount };
}
