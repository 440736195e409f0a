/**
 * The one writer of an image's derived state (consensus, vote counts, manual mark, completion).
 * Every cause (entry, vote, mark, accepted value, form-wide recompute) comes through here: the
 * image row is locked, the cause's own rows are written, the state is recomputed with `common/`'s
 * rules and stored, the form's counters take the difference and the Insights figures move (in the
 * same statement), and the before/after pair is recorded as the transaction's domain event.
 * So completion is decided in one place, and work on one image is serialised by its row lock.
 */
import { isImageComplete } from '@formscribe/common/imageCompletion';
import type { Knex } from 'knex';
import { rowFromJson } from '../../db/leanReads.ts';
import { plannedOnce } from '../../db/plannedOnce.ts';
import type { SqlRunner } from '../../db/sqlRunner.ts';
import { notFound } from '../../errors.ts';
import { type Form, FormImage, ImageNoDataVote, ImageUnreadableVote } from '../../models/index.ts';
import { IMAGE_NOT_FOUND } from '../../policies/images.ts';
import { type ConsensusReading, readConsensus } from '../consensus/imageConsensusStore.ts';
import type { DomainEvents, TransactionEvents } from '../events/domainEventRecorder.ts';
import { insightWrites } from '../insights/insightsRecorder.ts';
import { counterDeltaPart, imageCounterDelta } from '../stats/formCounters.ts';
import type { ImageStateCause, ImageStateChange, VoteKind } from './imageStateChange.ts';
import { type ImagePatch, imageUpdateStatement } from './imageUpdateStatement.ts';

/** The cause's own writes (an entry, a vote row …), run with the image locked; says what was done. */
export type CauseWriter = (image: FormImage) => Promise<ImageStateCause>;

/**
 * A cause that locks the image itself, in the statement that writes its rows (an entry: one round
 * trip fewer on the busiest path). It must write nothing unless the image is of the given form,
 * and returns the image row as locked (undefined when there is none) and the cause (undefined
 * when it wrote nothing). It may return the consensus read in that statement too, when that read
 * is known to see every change committed before the lock was taken (then none is read after it),
 * and the number of the image's leases it ended whose count it left to the image's update
 * (`endedLeases`, see imageUpdateStatement.ts).
 */
export interface LockingCauseWriter {
  lockAndWrite(sql: SqlRunner): Promise<{
    before: FormImage | undefined;
    cause: ImageStateCause | undefined;
    reading?: ConsensusReading;
    endedLeases?: number;
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
export function writeImageState(
  events: DomainEvents,
  form: Form,
  imageId: number,
  writeCause: CauseWriter | LockingCauseWriter | ImageStateCause,
): Promise<ImageStateChange> {
  const locking = 'lockAndWrite' in writeCause ? writeCause : lockingFirst(events.trx, form, imageId, writeCause);
  return writeLockedImageState(events, form, imageId, locking);
}

/**
 * `writeImageState` for a cause that locks the image itself, in any transaction that runs
 * statements (the submission's lean one, db/leanTransaction.ts, as well as knex's).
 */
export async function writeLockedImageState(
  events: TransactionEvents,
  form: Form,
  imageId: number,
  writeCause: LockingCauseWriter,
): Promise<ImageStateChange> {
  const { sql } = events;
  const locked = await writeCause.lockAndWrite(sql);
  const { before, cause, reading: readWithLock, endedLeases } = locked;
  if (!before || before.formId !== form.id || !cause) throw notFound(IMAGE_NOT_FOUND);
  // Only the inputs this cause can change are read again; the rest of the row is current (locked).
  const reading = CONSENSUS_INPUTS.has(cause.kind)
    ? (readWithLock ??
      (await readConsensus(sql, before, form, { withContributors: CHANGES_CONTRIBUTORS.has(cause.kind) })))
    : undefined;
  const consensus = reading?.state ?? {};
  const votes = cause.kind === 'vote' ? await countVotes(sql, imageId, cause.vote) : {};
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
  const after = await storeImageState(sql, imageUpdateStatement(imageId, patch, withParts, endedLeases));
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
async function storeImageState(sql: SqlRunner, { text, bindings, name }: ReturnType<typeof imageUpdateStatement>) {
  const [row] = await sql.query<{ image_row: Record<string, unknown> }>(text, bindings, plannedOnce(name).name);
  return row ? FormImage.fromDatabaseJson(rowFromJson(row.image_row)) : undefined;
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

/** A cause that does not lock the image itself: the image row is locked first (knex), then its rows are written. */
function lockingFirst(
  trx: Knex.Transaction,
  form: Form,
  imageId: number,
  writeCause: CauseWriter | ImageStateCause,
): LockingCauseWriter {
  return {
    async lockAndWrite() {
      const before = await FormImage.query(trx).findById(imageId).forUpdate();
      if (!before || before.formId !== form.id) return { before, cause: undefined };
      const cause = typeof writeCause === 'function' ? await writeCause(before) : writeCause;
      return { before, cause };
    },
  };
}

async function countVotes(
  sql: SqlRunner,
  imageId: number,
  kind: VoteKind,
): Promise<Partial<Pick<FormImage, 'noDataVoteCount' | 'unreadableVoteCount'>>> {
  const table = kind === 'no-data' ? ImageNoDataVote.tableName : ImageUnreadableVote.tableName;
  const [row] = await sql.query<{ count: number }>(`SELECT count(*) AS count FROM ${table} WHERE image_id = ?`, [
    imageId,
  ]);
  const count = row?.count ?? 0;
  return kind === 'no-data' ? { noDataVoteCount: count } : { unreadableVoteCount: count };
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
