/**
 * What one image contributes to its form's Insights figures, and how a change of the image moves
 * the form's sums. Called by the transaction's announcements for every change of an image's state
 * (services/announcements/announcements.ts), inside that transaction with the image row locked, so
 * the sums move with the verified values that caused them and a rolled-back change moves nothing.
 *
 * Only the difference between the image's stored share and its new one is applied, and only
 * where it is not zero, so an entry that changes no verified value touches none of the form's rows.
 * Rows are changed in one order (contributor, field type; then field id) so concurrent changes
 * of two images never wait on each other in a cycle.
 */
import type { FieldType, FormField } from '@formscribe/common/fields';
import { dataFields } from '@formscribe/common/fields';
import { fieldDifficultyMarks, matchesVerified } from '@formscribe/common/insights';
import type { Knex } from 'knex';
import type { Form, FormImage } from '../../models/index.ts';
import { type DisagreementMark, replaceDisagreements } from './contributorDisagreements.ts';

export interface AgreementShare {
  userId: number;
  fieldType: FieldType;
  entries: number;
  matches: number;
}

export interface FieldShare {
  fieldId: string;
  compared: number;
  disagreeing: number;
  variant: number;
  formatOnly: number;
}

export interface ImageShare {
  agreement: AgreementShare[];
  fields: FieldShare[];
}

/** The image's figures: its stored share, and which contributors' entries differ from a verified value. */
export interface ImageFigures extends ImageShare {
  disagreements: DisagreementMark[];
}

/** An entry that counts towards the image's consensus, with who made it. */
export interface CountedEntry {
  id: number;
  submittedById: number | null;
  data: Record<string, unknown>;
}

/** The image's share, from its counted entries and its stored (verified) field status. Pure. */
export function imageShare(form: Pick<Form, 'fields'>, image: Pick<FormImage, 'fieldStatus'>, entries: CountedEntry[]) {
  const fields = dataFields(form.fields as FormField[]);
  const agreement = new Map<string, AgreementShare>();
  const fieldShares: FieldShare[] = [];
  const disagreements: DisagreementMark[] = [];
  for (const field of fields) {
    const values = entries.map((entry) => entry.data[field.id]);
    fieldShares.push({ fieldId: field.id, ...fieldDifficultyMarks(field.type, values, field.decimalSeparator) });
    const status = image.fieldStatus[field.id];
    if (!status?.isVerified) continue;
    for (const entry of entries) {
      if (entry.submittedById === null) continue;
      const key = `${entry.submittedById}\u0000${field.type}`;
      const share = agreement.get(key) ?? {
        userId: entry.submittedById,
        fieldType: field.type,
        entries: 0,
        matches: 0,
      };
      agreement.set(key, share);
      share.entries += 1;
      if (matchesVerified(field.type, entry.data[field.id], status.verifiedValue, field.decimalSeparator))
        share.matches += 1;
      else disagreements.push({ userId: entry.submittedById, fieldId: field.id, submissionId: entry.id });
    }
  }
  return {
    agreement: [...agreement.values()].sort(byAgreementKey),
    fields: fieldShares.sort((a, b) => compareText(a.fieldId, b.fieldId)),
    disagreements,
  } satisfies ImageFigures;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byAgreementKey = (a: AgreementShare, b: AgreementShare) =>
  a.userId - b.userId || compareText(a.fieldType, b.fieldType);

/** The image's counted entries (oldest first), without those of users blocked with "drop their entries". */
export async function readCountedEntries(trx: Knex.Transaction | Knex, image: Pick<FormImage, 'id' | 'formId'>) {
  const { rows } = await trx.raw(
    `SELECT s.id, s.submitted_by_id AS "submittedById", s.data FROM form_submissions s
     WHERE s.image_id = ? AND NOT EXISTS (
       SELECT 1 FROM form_user_blocks b WHERE b.user_id = s.submitted_by_id AND b.form_id = ? AND b.drop_entries)
     ORDER BY s.submitted_at, s.id`,
    [image.id, image.formId],
  );
  return rows as CountedEntry[];
}

/** `after` minus `before`, per key, leaving out what did not change. */
function difference<T extends object>(
  before: T[],
  after: T[],
  keyOf: (row: T) => string,
  counts: readonly (keyof T)[],
): T[] {
  const changes = new Map<string, T>();
  for (const [rows, sign] of [
    [before, -1],
    [after, 1],
  ] as const) {
    for (const row of rows) {
      const key = keyOf(row);
      const change = changes.get(key) ?? ({ ...row, ...Object.fromEntries(counts.map((c) => [c, 0])) } as T);
      changes.set(key, change);
      for (const count of counts) (change[count] as number) += sign * (row[count] as number);
    }
  }
  return [...changes.values()].filter((change) => counts.some((count) => change[count] !== 0));
}

/**
 * Stores the image's new figures: its disagreements, and its share, moving the form's sums by the
 * difference from the stored share.
 */
export async function storeImageShare(trx: Knex.Transaction, formId: number, imageId: number, share: ImageFigures) {
  await replaceDisagreements(trx, formId, [imageId], [{ imageId, marks: share.disagreements }]);
  const stored = await trx('image_insights').where({ image_id: imageId }).first('agreement', 'fields');
  const before: ImageShare = stored ?? { agreement: [], fields: [] };
  const agreement = difference(before.agreement, share.agreement, (r) => `${r.userId}\u0000${r.fieldType}`, [
    'entries',
    'matches',
  ]).sort(byAgreementKey);
  const fields = difference(before.fields, share.fields, (r) => r.fieldId, [
    'compared',
    'disagreeing',
    'variant',
    'formatOnly',
  ]).sort((a, b) => compareText(a.fieldId, b.fieldId));
  if (agreement.length) {
    await trx.raw(
      `INSERT INTO contributor_agreement AS c (form_id, user_id, field_type, entry_count, match_count)
       SELECT ?, d."userId", d."fieldType", d."entries", d."matches"
       FROM jsonb_to_recordset(CAST(? AS jsonb)) AS d("userId" int, "fieldType" text, "entries" int, "matches" int)
       WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d."userId")
       ORDER BY 2, 3
       ON CONFLICT (form_id, user_id, field_type) DO UPDATE SET
         entry_count = c.entry_count + EXCLUDED.entry_count, match_count = c.match_count + EXCLUDED.match_count`,
      [formId, JSON.stringify(agreement)],
    );
  }
  if (fields.length) {
    await trx.raw(
      `INSERT INTO field_difficulty AS d (form_id, field_id, compared_images, disagreeing_images, variant_images, format_only_images)
       SELECT ?, f."fieldId", f."compared", f."disagreeing", f."variant", f."formatOnly"
       FROM jsonb_to_recordset(CAST(? AS jsonb))
         AS f("fieldId" text, "compared" int, "disagreeing" int, "variant" int, "formatOnly" int)
       ORDER BY 2
       ON CONFLICT (form_id, field_id) DO UPDATE SET
         compared_images = d.compared_images + EXCLUDED.compared_images,
         disagreeing_images = d.disagreeing_images + EXCLUDED.disagreeing_images,
         variant_images = d.variant_images + EXCLUDED.variant_images,
         format_only_images = d.format_only_images + EXCLUDED.format_only_images`,
      [formId, JSON.stringify(fields)],
    );
  }
  if (!stored || agreement.length || fields.length) {
    await trx('image_insights')
      .insert({
        image_id: imageId,
        form_id: formId,
        agreement: JSON.stringify(share.agreement),
        fields: JSON.stringify(share.fields),
      })
      .onConflict('image_id')
      .merge(['agreement', 'fields']);
  }
}

/** Recomputes and stores one image's share (the image row must be locked, or the form quiet). */
export async function refreshImageShare(trx: Knex.Transaction, form: Form, image: FormImage): Promise<void> {
  const entries = await readCountedEntries(trx, image);
  await storeImageShare(trx, form.id, image.id, imageShare(form, image, entries));
}
