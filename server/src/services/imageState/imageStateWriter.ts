/**
 * The one writer of an image's derived state (consensus, vote counts, manual mark, completion).
 * Every cause (entry, vote, mark, accepted value, form-wide recompute) comes through here: the
 * image row is locked, the cause's own rows are written, the state is recomputed with `common/`'s
 * rules and stored, the form's counters take the difference and the Insights figures move (in the
 * same statement), and the before/after pair is recorded as the transaction's domain event.
 * So completion is decided in one place, and work on one image is serialised by its row lock.
 */
import { isImageComplete } from '@formscribe/common/imageCompletion';
import { rowFromJson } from '../../db/leanReads.ts';
import { plannedOnce } from '../../db/plannedOnce.ts';
import { notFound } from '../../errors.ts';
import { type Form, FormImage, ImageNoDataVote, ImageUnreadableVote } from '../../models/index.ts';
import { IMAGE_NOT_FOUND } from '../../policies/images.ts';
import { type ConsensusReading, readConsensus } from '../consensus/imageConsensusStore.ts';
import type { DomainEvents } from '../events/domainEventRecorder.ts';
import { insightWrites } from '../insights/insightsRecorder.ts';
import { counterDeltaPart, imageCounterDelta } from '../stats/formCounters.ts';
import type { ImageStateCause, ImageStateChange, VoteKind } from './imageStateChange.ts';
import { type ImagePatch, imageUpdateStatement } from './imageUpdateStatement.ts';

const VOTES = {
  'no-data': { model: ImageNoDataVote, countColumn: 'noDataVoteCount' },
  unreadable: { model: ImageUnreadableVote, countColumn: 'unreadableVoteCount' },
} as const satisfies Record<VoteKind, unknown>;

/** The cause's own writes (an entry, a vote row …), run with the image locked; says what was done. */
export type CauseWriter = (image: FormImage) => Promise<ImageStateCause>;

/**
 * A cause that locks the image itself, in the statement that writes its rows (an entry: one round
 * trip fewer on the busiest path). It must write nothing unless the image is of the given form,
 * and returns the image row as locked (undefined when there is none) and the cause (undefined
 * when it wrote nothing). It may return the consensus read in that statement too, when that read
 * is known to see every change committed before the lock was taken (then none is read after it).
 */
export interface LockingCauseWriter {
  lockAndWrite(trx: DomainEvents['trx']): Promise<{
    before: FormImage | undefined;
    cause: ImageStateCause | undefined;
    reading?: ConsensusReading;
  }>;
}

/** Causes that change what the consensus is computed from (entries, readings, accepted values, fields, threshold). */
const CONSENSUS_INPUTS = new Set<ImageStateCause['kind']>([
  'entry-added',
  'entry-removed',
  'accepted-value',
  'form-rules',
  'machine-reading',
]);
/** Causes that change who entered the image (its contributors list is announced live). */
const CHANGES_CONTRIBUTORS = new Set<ImageStateCause['kind']>(['entry-added', 'entry-removed']);
/** Causes after which what was exported is out of date (the image counts as "not yet exported"). */
const RESETS_EXPORT = new Set<ImageStateCause['kind']>(['entry-added', 'entry-removed', 'accepted-value']);

/**
 * Locks the image, runs `writeCause` (or lets it lock the image itself), recomputes and stores the image's derived state, records
 * the change as a domain event, and returns the state before and after. An image that is missing or not of
 * `form` is a 404 (nothing is written).
 */
export async function writeImageState(
  events: DomainEvents,
  form: Form,
  imageId: number,
  writeCause: CauseWriter | LockingCauseWriter | ImageStateCause,
): Promise<ImageStateChange> {
  const { trx } = events;
  const { before, cause, reading: readWithLock } = await lockAndWriteCause(trx, form, imageId, writeCause);
  // Only the inputs this cause can change are read again; the rest of the row is current (locked).
  const reading = CONSENSUS_INPUTS.has(cause.kind)
    ? (readWithLock ??
      (await readConsensus(trx, before, form, { withContributors: CHANGES_CONTRIBUTORS.has(cause.kind) })))
    : undefined;
  const consensus = reading?.state ?? {};
  const votes = cause.kind === 'vote' ? await countVotes(events, imageId, cause.vote) : {};
  const mark =
    cause.kind === 'manual-mark'
      ? { manuallyCompleted: cause.completed, completedById: cause.completed ? cause.byUserId : null }
      : {};
  const next = { ...before, ...consensus, ...votes, ...mark };
  const isComplete = isImageComplete(next, form.requiredEntriesPerImage);
  const patch: ImagePatch = {
    ...consensus,
    ...votes,
    ...mark,
    ...(cause.kind === 'rotation' ? { rotation: cause.rotation } : {}),
    isComplete,
    completedAt: completionTime(before, cause, isComplete),
    ...(resetsExport(cause, before, consensus) ? { exportedAt: null, exportedById: null } : {}),
  };
  // The form's counters and the Insights figures move in the same statement as the image (the
  // image row is ours already, so the form row is still locked after it, as everywhere). Every
  // column Insights reads is one this patch sets or the locked row holds.
  const insights = insightWrites({
    form,
    cause,
    before,
    // The row as it is about to be stored: what Insights reads of it (id, field status, completion).
    after: { id: before.id, fieldStatus: next.fieldStatus, isComplete, completedAt: patch.completedAt ?? null },
    insightInputs: reading?.insightInputs,
  });
  const delta = imageCounterDelta(before, { isComplete, verifiedFieldCount: next.verifiedFieldCount });
  const withParts = insights.map((part, index) => ({ alias: `insights_${index}`, part }));
  if (delta) withParts.unshift({ alias: 'form_counters', part: counterDeltaPart(form.id, delta) });
  const after = await storeImageState(trx, imageUpdateStatement(imageId, patch, withParts));
  if (!after) throw new Error(`image ${imageId} vanished inside its own transaction`);
  const change: ImageStateChange = {
    form,
    cause,
    before,
    after,
    insightInputs: reading?.insightInputs,
    contributors: reading?.contributors,
  };
  await events.record({ type: 'image-state-changed', change });
  return change;
}

/**
 * Runs the image's update (imageUpdateStatement.ts), which returns the row as one JSON column, so it
 * can be planned once per connection (db/plannedOnce.ts) under a name made from its text: the text
 * differs with what the cause sets and which Insights and counter parts it carries, a few dozen
 * shapes in all, and the planner's time was a good part of this statement's on every entry.
 */
async function storeImageState(
  trx: DomainEvents['trx'],
  { text, bindings, name }: ReturnType<typeof imageUpdateStatement>,
) {
  const { rows } = await trx.raw(text, bindings).options(plannedOnce(name));
  const row = rows[0]?.image_row;
  return row ? FormImage.fromDatabaseJson(rowFromJson(row)) : undefined;
}

/**
 * Whether what was exported is out of date now. A reading is read again whenever its box moves,
 * so it resets the export only when it changed the verified values (an unchanged reading of an
 * exported image must not send it back to "not yet exported").
 */
function resetsExport(cause: ImageStateCause, before: FormImage, consensus: Partial<FormImage>): boolean {
  if (RESETS_EXPORT.has(cause.kind)) return true;
  const after = consensus.fieldStatus;
  if (cause.kind !== 'machine-reading' || !after) return false;
  const ids = new Set([...Object.keys(before.fieldStatus ?? {}), ...Object.keys(after)]);
  return [...ids].some((id) => {
    const [was, is] = [before.fieldStatus?.[id], after[id]];
    return was?.isVerified !== is?.isVerified || was?.verifiedValue !== is?.verifiedValue;
  });
}

/** Locks the image row and writes the cause's own rows; a missing image, or one of another form, is a 404. */
async function lockAndWriteCause(
  trx: DomainEvents['trx'],
  form: Form,
  imageId: number,
  writeCause: CauseWriter | LockingCauseWriter | ImageStateCause,
): Promise<{ before: FormImage; cause: ImageStateCause; reading?: ConsensusReading }> {
  if ('lockAndWrite' in writeCause) {
    const { before, cause, reading } = await writeCause.lockAndWrite(trx);
    if (!before || before.formId !== form.id || !cause) throw notFound(IMAGE_NOT_FOUND);
    return { before, cause, reading };
  }
  const before = await FormImage.query(trx).findById(imageId).forUpdate();
  if (!before || before.formId !== form.id) throw notFound(IMAGE_NOT_FOUND);
  const cause = typeof writeCause === 'function' ? await writeCause(before) : writeCause;
  return { before, cause };
}

async function countVotes(events: DomainEvents, imageId: number, kind: VoteKind) {
  const { model, countColumn } = VOTES[kind];
  const count = await model.query(events.trx).where({ imageId }).resultSize();
  return { [countColumn]: count } as Partial<Pick<FormImage, (typeof VOTES)[VoteKind]['countColumn']>>;
}

/**
 * When the image became complete: a manager's mark stamps it now; otherwise it is kept while the
 * image stays complete, and cleared when it is not complete any more.
 */
function completionTime(before: FormImage, cause: ImageStateCause, isComplete: boolean): Date | null {
  if (!isComplete) return null;
  if (cause.kind === 'manual-mark' && cause.completed) return new Date();
  return before.completedAt ?? new Date();
}
