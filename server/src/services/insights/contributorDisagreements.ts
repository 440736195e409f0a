/**
 * A contributor's disagreements: their entries that differ from the verified value. Kept as rows
 * (contributor_disagreements), replaced with each image's share of the Insights figures in the
 * image's own transaction, so listing them is a keyset page over the contributor's own rows
 * (newest submission first) that costs the same whether they have ten entries or a million.
 */
import { dataFields } from '@formscribe/common/fields';
import { valueToText } from '@formscribe/common/fieldValues';
import type {
  ContributorDisagreementsQuery,
  ContributorDisagreementsResponse,
} from '@formscribe/common/schemas/insights';
import type { Knex } from 'knex';
import type { Form } from '../../models/index.ts';

/** One contributor's entry on one field of the image that differs from the verified value. */
export interface DisagreementMark {
  userId: number;
  fieldId: string;
  submissionId: number;
}

/** Replaces the disagreements of the given images (their rows must be locked) with `images`' marks. */
export async function replaceDisagreements(
  trx: Knex.Transaction,
  formId: number,
  imageIds: number[],
  images: { imageId: number; marks: DisagreementMark[] }[],
): Promise<void> {
  if (imageIds.length === 0) return;
  await trx.raw('DELETE FROM contributor_disagreements WHERE image_id = ANY(?::int[])', [imageIds]);
  const rows = images.flatMap(({ imageId, marks }) => marks.map((mark) => ({ imageId, ...mark })));
  if (rows.length === 0) return;
  await trx.raw(
    `INSERT INTO contributor_disagreements (image_id, user_id, field_id, form_id, submission_id)
     SELECT r."imageId", r."userId", r."fieldId", ?, r."submissionId"
     FROM jsonb_to_recordset(CAST(? AS jsonb)) AS r("imageId" int, "userId" int, "fieldId" text, "submissionId" int)
     WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = r."userId")
     ON CONFLICT DO NOTHING`,
    [formId, JSON.stringify(rows)],
  );
}

/** A page's position, `<submission id>.<field id>` of its last row (checked by the query schema). */
function decodeDisagreementCursor(cursor: string | undefined): [number, string] | undefined {
  if (cursor === undefined) return undefined;
  const dot = cursor.indexOf('.');
  return [Number(cursor.slice(0, dot)), cursor.slice(dot + 1)];
}

interface DisagreementRow {
  imageId: number;
  fieldId: string;
  submissionId: number;
  number: number;
  entered: unknown;
  verified: unknown;
  submittedAt: Date | string;
}

/**
 * One page of the contributor's disagreements, newest submission first. `cursor` is the previous
 * page's `nextCursor`; `nextCursor` is null on the last page.
 */
export async function contributorDisagreements(
  knex: Knex,
  form: Form,
  userId: number,
  { cursor, limit }: ContributorDisagreementsQuery,
): Promise<Omit<ContributorDisagreementsResponse, 'computing'>> {
  const after = decodeDisagreementCursor(cursor);
  const { rows } = await knex.raw(
    `SELECT d.image_id AS "imageId", d.field_id AS "fieldId", d.submission_id AS "submissionId", i.number,
            s.data -> d.field_id AS entered, i.field_status -> d.field_id -> 'verifiedValue' AS verified,
            s.submitted_at AS "submittedAt"
     FROM contributor_disagreements d
     JOIN form_submissions s ON s.id = d.submission_id
     JOIN form_images i ON i.id = d.image_id
     WHERE d.form_id = :formId AND d.user_id = :userId
       ${after ? 'AND (d.submission_id, d.field_id) < (:afterSubmission, :afterField)' : ''}
     ORDER BY d.submission_id DESC, d.field_id DESC
     LIMIT :limit`,
    { formId: form.id, userId, afterSubmission: after?.[0] ?? 0, afterField: after?.[1] ?? '', limit: limit + 1 },
  );
  const page = (rows as DisagreementRow[]).slice(0, limit);
  const labels = new Map(dataFields(form.fields).map((field) => [field.id, field.label]));
  const last = page.at(-1);
  return {
    disagreements: page.map((row) => ({
      imageId: row.imageId,
      imageNumber: row.number,
      fieldId: row.fieldId,
      // A field removed since keeps its id as its name until the form's recompute drops the row.
      fieldLabel: labels.get(row.fieldId) ?? row.fieldId,
      entered: valueToText(row.entered ?? undefined),
      verified: valueToText(row.verified ?? undefined),
      submittedAt: new Date(row.submittedAt).toISOString(),
    })),
    nextCursor: rows.length > limit && last ? `${last.submissionId}.${last.fieldId}` : null,
  };
}
