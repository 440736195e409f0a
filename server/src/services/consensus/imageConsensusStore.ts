/**
 * Reads what an image's consensus depends on (its counted entries, the owner's accepted values,
 * the time of its last entry) and computes the figures with `common/`'s rules. It writes nothing:
 * storing them, with completion, is the image state writer's job (services/imageState/), which
 * calls this inside its transaction with the image row locked.
 */
import { computeConsensus, type ImageConsensus } from '@formscribe/common/consensus';
import type { FormField } from '@formscribe/common/fields';
import type { Knex } from 'knex';
import type { StoredFieldStatus } from '../../models/FormImage.ts';
import { FieldResolution, type Form, type FormImage, FormSubmission, FormUserBlock } from '../../models/index.ts';

/** The consensus columns of an image row. */
export interface ConsensusState {
  entryCount: number;
  verifiedFieldCount: number;
  totalFieldCount: number;
  fieldStatus: Record<string, StoredFieldStatus>;
  lastSubmissionAt: Date | null;
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

/** The image's consensus as its entries and accepted values say now, under the form's fields and threshold. */
export async function readConsensus(trx: Knex.Transaction, image: FormImage, form: Form): Promise<ConsensusState> {
  // One connection serves the transaction, so these run one after another (pg queues no more).
  const entries = await countedEntries(trx, image);
  const resolutions = await FieldResolution.query(trx).where({ imageId: image.id });
  const lastSubmission = await FormSubmission.query(trx).where('imageId', image.id).max('submittedAt as last').first();
  const consensus = withResolutions(
    computeConsensus(form.fields as FormField[], entries, form.requiredEntriesPerImage),
    resolutions,
  );
  return {
    entryCount: consensus.entryCount,
    verifiedFieldCount: consensus.verifiedFieldCount,
    totalFieldCount: consensus.totalFieldCount,
    fieldStatus: consensus.fieldStatus,
    lastSubmissionAt: (lastSubmission as unknown as { last: Date | null } | undefined)?.last ?? null,
  };
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
