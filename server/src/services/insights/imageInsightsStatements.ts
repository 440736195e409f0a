/**
 * An image change's Insights writes, whatever they move (its disagreements, its share, the form's
 * sums, the day's activity), as parts of the `WITH` clause of the statement that stores the image's
 * new state (imageInsights.ts reads what they are computed from with the consensus). PostgreSQL
 * runs every data-modifying part to completion after the main query, in an order fixed by the
 * statement's shape, the same for every change, so concurrent changes still lock rows in one order.
 *
 * Fewer statements matter here because they run with the image row locked, on the path of every
 * submission (the B2 and B9 benchmarks).
 */
import type { Knex } from 'knex';
import type { DisagreementMark } from './contributorDisagreements.ts';

/**
 * One data-modifying statement (INSERT, UPDATE or DELETE) with its named bindings, written `:name`
 * (casts as `CAST(x AS t)`, since `::` would read as a binding; no `?`). Binding names must be
 * unique across the parts of one statement (services/imageState/imageUpdateStatement.ts adds them).
 */
export interface WritePart {
  sql: string;
  bindings: Record<string, Knex.Value>;
}

/**
 * The slot of the form-wide sums an image's changes add to (migration 20261216000100): concurrent
 * changes of different images mostly write different rows, so they do not queue on one until
 * they commit. Readers add the slots up, so the number of slots can change at any time.
 */
const SUM_SLOTS = 16;
export const sumSlot = (imageId: number) => imageId % SUM_SLOTS;

const markKey = (mark: Pick<DisagreementMark, 'userId' | 'fieldId'>) => `${mark.userId}\u0000${mark.fieldId}`;

/**
 * The writes that turn the image's stored disagreements into `marks`: the ones gone are deleted,
 * the new or changed ones upserted (their keys never overlap, so no row is touched twice).
 */
export function disagreementWrites(
  formId: number,
  imageId: number,
  stored: DisagreementMark[],
  marks: DisagreementMark[],
): WritePart[] {
  const wanted = new Map(marks.map((mark) => [markKey(mark), mark]));
  const gone = stored.filter((mark) => !wanted.has(markKey(mark)));
  const kept = new Map(stored.map((mark) => [markKey(mark), mark.submissionId]));
  const added = marks.filter((mark) => kept.get(markKey(mark)) !== mark.submissionId);
  const parts: WritePart[] = [];
  if (gone.length) {
    parts.push({
      sql: `DELETE FROM contributor_disagreements d
            USING jsonb_to_recordset(CAST(:goneMarks AS jsonb)) AS g("userId" int, "fieldId" text)
            WHERE d.image_id = :markImageId AND d.user_id = g."userId" AND d.field_id = g."fieldId"`,
      bindings: { goneMarks: JSON.stringify(gone), markImageId: imageId },
    });
  }
  if (added.length) {
    parts.push({
      sql: `INSERT INTO contributor_disagreements (image_id, user_id, field_id, form_id, submission_id)
            SELECT :addedImageId, r."userId", r."fieldId", :addedFormId, r."submissionId"
            FROM jsonb_to_recordset(CAST(:addedMarks AS jsonb)) AS r("userId" int, "fieldId" text, "submissionId" int)
            WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = r."userId")
            ORDER BY 2, 3
            ON CONFLICT (image_id, user_id, field_id) DO UPDATE SET submission_id = EXCLUDED.submission_id`,
      bindings: { addedImageId: imageId, addedFormId: formId, addedMarks: JSON.stringify(added) },
    });
  }
  return parts;
}
