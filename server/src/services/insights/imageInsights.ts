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
import type { FieldType } from '@formscribe/common/fields';
import { dataFields } from '@formscribe/common/fields';
import { fieldDifficultyMarks, matchesVerified } from '@formscribe/common/insights';
import type { Form, FormImage } from '../../models/index.ts';
import type { DisagreementMark } from './contributorDisagreements.ts';
import { disagreementWrites, sumSlot, type WritePart } from './imageInsightsStatements.ts';

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
  /** The entry's "as written on the page" field ids: the consensus read carries them; the figures need none. */
  asWritten?: string[];
}

/** The image's share, from its counted entries and its stored (verified) field status. Pure. */
export function imageShare(form: Pick<Form, 'fields'>, image: Pick<FormImage, 'fieldStatus'>, entries: CountedEntry[]) {
  const fields = dataFields(form.fields);
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

/** What an image's Insights figures are computed from, and what is stored for it now. */
export interface ImageInsightInputs {
  /** Entries that count (oldest first), without those of users blocked with "drop their entries". */
  entries: CountedEntry[];
  /** The image's stored share; null before its first. */
  stored: ImageShare | null;
  /** The image's stored disagreements. */
  marks: DisagreementMark[];
}

/**
 * What an image's figures are computed from, as columns `entries`, `stored` and `marks` of a
 * statement binding :imageId and :formId. The image state writer's consensus read selects them
 * (services/consensus/imageConsensusStore.ts), so a change reads them with its consensus.
 * `submissions` is where the entries are read from: the table, or (for an entry) the table with the
 * entry its statement is inserting.
 */
export const imageInsightInputColumns = (submissions = 'form_submissions') => `
  (SELECT coalesce(json_agg(json_build_object('id', s.id, 'submittedById', s.submitted_by_id, 'data', s.data,
                                      'asWritten', s.as_written)
                            ORDER BY s.submitted_at, s.id), '[]'::json)
   FROM ${submissions} s
   WHERE s.image_id = :imageId AND NOT EXISTS (
     SELECT 1 FROM form_user_blocks b
     WHERE b.user_id = s.submitted_by_id AND b.form_id = :formId AND b.drop_entries)) AS entries,
  (SELECT json_build_object('agreement', i.agreement, 'fields', i.fields)
   FROM image_insights i WHERE i.image_id = :imageId) AS stored,
  (SELECT coalesce(json_agg(json_build_object('userId', d.user_id, 'fieldId', d.field_id,
                                              'submissionId', d.submission_id)), '[]'::json)
   FROM contributor_disagreements d WHERE d.image_id = :imageId) AS marks`;

/** The inputs from a row that selected `imageInsightInputColumns`. */
export function insightInputsOf(row: Record<string, unknown>): ImageInsightInputs {
  return {
    entries: row.entries as CountedEntry[],
    stored: (row.stored as ImageShare | null) ?? null,
    marks: row.marks as DisagreementMark[],
  };
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
 * The writes that store the image's new figures: its disagreements, and its share, moving the
 * form's sums by the difference from the stored share. Nothing for what did not change.
 */
function storedShareWrites(
  formId: number,
  imageId: number,
  share: ImageFigures,
  inputs: Pick<ImageInsightInputs, 'stored' | 'marks'>,
): WritePart[] {
  const parts = disagreementWrites(formId, imageId, inputs.marks, share.disagreements);
  const before: ImageShare = inputs.stored ?? { agreement: [], fields: [] };
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
    parts.push({
      sql: `INSERT INTO contributor_agreement AS c (form_id, user_id, field_type, entry_count, match_count)
            SELECT :agreementFormId, d."userId", d."fieldType", d."entries", d."matches"
            FROM jsonb_to_recordset(CAST(:agreement AS jsonb)) AS d("userId" int, "fieldType" text, "entries" int, "matches" int)
            WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d."userId")
            ORDER BY 2, 3
            ON CONFLICT (form_id, user_id, field_type) DO UPDATE SET
              entry_count = c.entry_count + EXCLUDED.entry_count, match_count = c.match_count + EXCLUDED.match_count`,
      bindings: { agreementFormId: formId, agreement: JSON.stringify(agreement) },
    });
  }
  if (fields.length) {
    parts.push({
      sql: `INSERT INTO field_difficulty AS d
              (form_id, field_id, slot, compared_images, disagreeing_images, variant_images, format_only_images)
            SELECT :difficultyFormId, f."fieldId", :difficultySlot, f."compared", f."disagreeing", f."variant", f."formatOnly"
            FROM jsonb_to_recordset(CAST(:difficulty AS jsonb))
              AS f("fieldId" text, "compared" int, "disagreeing" int, "variant" int, "formatOnly" int)
            ORDER BY 2
            ON CONFLICT (form_id, field_id, slot) DO UPDATE SET
              compared_images = d.compared_images + EXCLUDED.compared_images,
              disagreeing_images = d.disagreeing_images + EXCLUDED.disagreeing_images,
              variant_images = d.variant_images + EXCLUDED.variant_images,
              format_only_images = d.format_only_images + EXCLUDED.format_only_images`,
      bindings: { difficultyFormId: formId, difficultySlot: sumSlot(imageId), difficulty: JSON.stringify(fields) },
    });
  }
  if (!inputs.stored || agreement.length || fields.length) {
    parts.push({
      sql: `INSERT INTO image_insights (image_id, form_id, agreement, fields)
            VALUES (:shareImageId, :shareFormId, CAST(:shareAgreement AS jsonb), CAST(:shareFields AS jsonb))
            ON CONFLICT (image_id) DO UPDATE SET agreement = EXCLUDED.agreement, fields = EXCLUDED.fields`,
      bindings: {
        shareImageId: imageId,
        shareFormId: formId,
        shareAgreement: JSON.stringify(share.agreement),
        shareFields: JSON.stringify(share.fields),
      },
    });
  }
  return parts;
}

/** The writes of the image's new figures (its row locked), from the inputs read with its consensus. */
export function imageShareWrites(
  form: Form,
  image: Pick<FormImage, 'id' | 'fieldStatus'>,
  inputs: ImageInsightInputs,
): WritePart[] {
  return storedShareWrites(form.id, image.id, imageShare(form, image, inputs.entries), inputs);
}
