/**
 * Records one contributor's entry for one image: the submission, its field values and the
 * image's new consensus, all in one transaction. One entry per user per image is a unique
 * constraint, so parallel duplicates leave exactly one row. A value that breaks its field's rules
 * is refused (400 naming the field) unless the entry marks it "as written on the page"; the marks
 * kept are stored with the entry, and consensus reads them.
 */
import { valueToText } from '@formscribe/common/fieldValues';
import { ALREADY_SUBMITTED } from '@formscribe/common/schemas/submission';
import { checkSubmissionData } from '@formscribe/common/submissionData';
import type { AppDeps } from '../../appTypes.ts';
import { rowFromJson } from '../../db/leanReads.ts';
import { plannedOnce } from '../../db/plannedOnce.ts';
import type { SqlRunner } from '../../db/sqlRunner.ts';
import { badRequest, conflict, isUniqueViolation } from '../../errors.ts';
import { type Form, FormImage, FormSubmission, type User } from '../../models/index.ts';
import { auditEntryDeleted, entryCreatedAuditPart } from '../audit/auditedChanges.ts';
import {
  type ConsensusReading,
  type ConsensusRow,
  consensusFromRow,
  consensusInputColumns,
} from '../consensus/imageConsensusStore.ts';
import { inLeanEventsTransaction, inTransaction } from '../events/domainEventRecorder.ts';
import type { ImageStateCause } from '../imageState/imageStateChange.ts';
import { writeImageState, writeLockedImageState } from '../imageState/imageStateWriter.ts';

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
  asWritten: readonly string[] = [],
): Promise<RecordedSubmission> {
  const checked = checkSubmissionData(form.fields, rawData, asWritten);
  if (!checked.ok) throw badRequest(checked.message, checked.fieldId ? { fieldId: checked.fieldId } : {});
  const entry = { data: checked.data, asWritten: checked.asWritten };
  try {
    // The busiest write there is: a lean transaction (db/leanTransaction.ts), without knex's.
    return await inLeanEventsTransaction(deps, async (events) => {
      const { cause, after } = await writeLockedImageState(events, form, imageId, {
        lockAndWrite: (sql) => lockAndInsertEntry(sql, form, imageId, user, entry),
      });
      if (cause.kind !== 'entry-added') throw new Error('the entry was not recorded');
      return { submission: cause.submission, image: after };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ALREADY_SUBMITTED);
    throw error;
  }
}

/** Where the statement below reads the image's entries: the table, and the entry it inserts (which it cannot see there). */
const ENTRIES_WITH_THE_NEW_ONE = `(SELECT * FROM form_submissions WHERE image_id = :imageId UNION ALL SELECT * FROM entry)`;

/** The entry as `row_to_json` writes it (timestamps as text). */
interface EntryJson {
  id: number;
  form_id: number;
  image_id: number;
  submitted_by_id: number | null;
  submitted_by_email: string | null;
  data: Record<string, unknown>;
  as_written: string[];
  status: FormSubmission['status'];
  confidence: number | null;
  notes: string | null;
  submitted_at: string;
}

/** What the statement below answers: the image as locked, the entry, and what the consensus is computed from. */
interface EntryRow extends ConsensusRow {
  image_row: Record<string, unknown>;
  /** Null when the image is of another form (nothing was written). */
  new_entry: EntryJson | null;
  /** The contributor's lease on the image it ended (0 or 1), left off the image's lease count. */
  ended_leases: number;
  saw_every_change: boolean;
}

/**
 * Locks the image and writes the entry, its field values (one row per field, for the submission
 * pages and exports), its line in the form's audit trail and the end of the contributor's lease on
 * the image (whose count the image's update takes off, in the row version it writes anyway,
 * instead of the lease trigger writing one more), and reads what the image's consensus is computed from, in one statement: one round
 * trip for all an entry does before its image's state is stored. Nothing is written unless the
 * image is of the form. Returns the image row as locked.
 *
 * The consensus read sees the database as the statement began, not as the lock found it: when the
 * lock had to wait for another change of the image (its row's version differs from the one the
 * statement began with), what that change committed is not in it, and no reading is returned, so
 * the image state writer reads again (a new statement sees every change committed before the lock
 * was ours). Every change of an image's entries, accepted values or readings updates its row in
 * the same transaction (services/imageState/), so an unchanged version means nothing was missed.
 *
 * Its columns out are JSON and fixed expressions whatever the tables gain, so it is planned once
 * per connection (db/plannedOnce.ts); its text never changes.
 */
async function lockAndInsertEntry(
  sql: SqlRunner,
  form: Form,
  imageId: number,
  user: User,
  { data, asWritten }: { data: Record<string, unknown>; asWritten: string[] },
): Promise<{
  before: FormImage | undefined;
  cause: ImageStateCause | undefined;
  reading?: ConsensusReading;
  endedLeases?: number;
}> {
  const values = Object.entries(data).map(([field_name, value]) => ({ field_name, value: valueToText(value) }));
  const audit = entryCreatedAuditPart(user, asWritten);
  const [row] = await sql.query<EntryRow>(
    `WITH locked AS (
         SELECT f.id, f.form_id, to_jsonb(f) AS image_row, f.xmin::text AS version
         FROM form_images f WHERE f.id = :imageId FOR UPDATE
       ), entry AS (
         INSERT INTO form_submissions (form_id, image_id, submitted_by_id, submitted_by_email, data, as_written, status)
         SELECT locked.form_id, locked.id, :userId, :email, CAST(:data AS jsonb),
                ARRAY(SELECT jsonb_array_elements_text(CAST(:asWritten AS jsonb))), 'submitted'
         FROM locked WHERE locked.form_id = :formId
         RETURNING *
       ), field_rows AS (
         INSERT INTO field_values (form_id, image_id, field_name, value, submitted_by_id, submission_id, submitted_at)
         SELECT entry.form_id, entry.image_id, v.field_name, v.value, entry.submitted_by_id, entry.id, entry.submitted_at
         FROM entry, jsonb_to_recordset(CAST(:values AS jsonb)) AS v(field_name text, value text)
       ), audit_line AS (
         ${audit.sql}
       ), lease AS (
         DELETE FROM image_leases WHERE image_id = :imageId AND user_id = :userId AND EXISTS (SELECT 1 FROM entry)
         RETURNING 1
       )
       SELECT locked.image_row, (SELECT row_to_json(entry) FROM entry) AS new_entry,
              (SELECT count(*) FROM lease)::int AS ended_leases,
              -- The lease trigger leaves this lease's count to the image's update (read before
              -- the statement's end, when the trigger runs; migration 20270102000100).
              set_config('formscribe.lease_end_counted', CAST(:imageId AS text) || '/' || CAST(:userId AS text), true)
                AS lease_end_counted,
              locked.version = (SELECT xmin::text FROM form_images WHERE id = :imageId) AS saw_every_change,
              ${consensusInputColumns(true, ENTRIES_WITH_THE_NEW_ONE)}
       FROM locked`,
    {
      formId: form.id,
      imageId,
      userId: user.id,
      email: user.username,
      data: JSON.stringify(data),
      asWritten: JSON.stringify(asWritten),
      values: JSON.stringify(values),
      ...audit.bindings,
    },
    plannedOnce('lock_image_and_insert_entry').name,
  );
  if (!row) return { before: undefined, cause: undefined };
  const { image_row: imageRow, new_entry: entry } = row;
  const before = FormImage.fromDatabaseJson(rowFromJson(imageRow));
  if (!entry) return { before, cause: undefined }; // an image of another form
  const submission = FormSubmission.fromJson({
    id: entry.id,
    formId: entry.form_id,
    imageId: entry.image_id,
    submittedById: entry.submitted_by_id,
    submittedByEmail: entry.submitted_by_email,
    data: entry.data,
    asWritten: entry.as_written,
    status: entry.status,
    confidence: entry.confidence,
    notes: entry.notes,
    // row_to_json writes timestamps as text.
    submittedAt: new Date(entry.submitted_at),
  });
  const reading = row.saw_every_change ? consensusFromRow(row, form, true) : undefined;
  return { before, cause: { kind: 'entry-added', submission }, reading, endedLeases: row.ended_leases };
}

/** Deletes an entry (its values cascade) and recomputes the image's consensus without it; `by` deleted it. */
export async function deleteSubmission(
  deps: AppDeps,
  submission: FormSubmission,
  form: Form,
  by: User,
): Promise<FormImage> {
  return inTransaction(deps, async (events) => {
    const { after } = await writeImageState(events, form, submission.imageId, async () => {
      await FormSubmission.query(events.trx).deleteById(submission.id);
      return { kind: 'entry-removed' };
    });
    await auditEntryDeleted(events, by, submission);
    return after;
  });
}
