/**
 * Verified values used to be stored in their comparison form (`12000.5` where contributors typed
 * `0012,000.50`, `7` for `007`, line breaks collapsed), and so were owners' accepted values.
 * This rewrites them, for every image, as the written form the consensus now keeps. Only the text
 * changes: a value is replaced only by one that compares equal, so which fields are verified,
 * the counts, completion and the forms' figures stay exactly as they are.
 *
 * It runs here rather than as form-recompute jobs because the job queue starts after migrations
 * and an owner should not have to do anything; images go in keyset batches to bound memory.
 */
import {
  type ConsensusField,
  computeConsensus,
  groupEnteredValues,
  preferredWrittenForm,
} from '@formscribe/common/consensus';
import { dataFields, FIELD_TYPES, type FieldType } from '@formscribe/common/fields';
import { normaliseValue } from '@formscribe/common/fieldValues';
import type { Knex } from 'knex';

const BATCH_SIZE = 500;

type StoredStatus = Record<string, { isVerified: boolean; verifiedValue: string | null }>;

interface FormRules {
  fields: ConsensusField[];
  threshold: number;
}

// Rows are read with raw SQL and camelCase aliases: the app migrates through knex with
// objection's snake-case mappers, the knex CLI without them, and both must read the same keys.
interface ImageRow {
  id: number;
  formId: number;
  fieldStatus: StoredStatus | null;
}

interface SubmissionRow {
  imageId: number;
  data: Record<string, unknown>;
  dropped: boolean;
}

interface ResolutionRow {
  id: number;
  imageId: number;
  fieldId: string;
  value: string;
}

const isFieldType = (type: unknown): type is FieldType => FIELD_TYPES.some((known) => known === type);

/** The form's data fields as stored (jsonb), skipping anything that is not a field. */
function rulesOf(form: { fields: unknown; threshold: number }): FormRules {
  const stored = Array.isArray(form.fields) ? (form.fields as unknown[]) : [];
  const fields: ConsensusField[] = [];
  for (const item of stored) {
    if (typeof item !== 'object' || item === null) continue;
    const { id, type, order } = item as Record<string, unknown>;
    if (typeof id === 'string' && isFieldType(type)) fields.push({ id, type, order: Number(order) || 0 });
  }
  return { fields: dataFields(fields), threshold: Math.max(1, form.threshold) };
}

/** The written form of the values comparing equal to `value`, among everything entered for the field. */
function writtenFormOf(type: FieldType, value: string, entered: readonly unknown[]): string | undefined {
  const comparisonForm = normaliseValue(type, value);
  const group = groupEnteredValues(type, entered).find((g) => g.comparisonForm === comparisonForm);
  return group ? preferredWrittenForm(group) : undefined;
}

async function rewriteImage(
  knex: Knex,
  image: ImageRow,
  rules: FormRules,
  submissions: SubmissionRow[],
  resolutions: ResolutionRow[],
): Promise<void> {
  const counted = submissions.filter((s) => !s.dropped).map((s) => s.data);
  const consensus = computeConsensus(rules.fields, counted, rules.threshold);
  const status: StoredStatus = { ...(image.fieldStatus ?? {}) };
  let changed = false;
  for (const field of rules.fields) {
    const stored = status[field.id];
    if (!stored?.isVerified || stored.verifiedValue === null) continue;
    const resolution = resolutions.find((r) => r.fieldId === field.id);
    let written: string | undefined;
    if (resolution) {
      // Accepted values were checked against all entries, dropped ones included.
      written = writtenFormOf(
        field.type,
        resolution.value,
        submissions.map((s) => s.data[field.id]),
      );
      if (written !== undefined && written !== resolution.value) {
        await knex.raw('UPDATE field_resolutions SET value = ? WHERE id = ?', [written, resolution.id]);
      }
    } else {
      const fresh = consensus.fieldStatus[field.id];
      written = fresh?.isVerified ? (fresh.verifiedValue ?? undefined) : undefined;
    }
    // Only ever the same value in another spelling: verification itself must not move.
    if (written === undefined || written === stored.verifiedValue) continue;
    if (normaliseValue(field.type, written) !== normaliseValue(field.type, stored.verifiedValue)) continue;
    status[field.id] = { ...stored, verifiedValue: written };
    changed = true;
  }
  if (!changed) return;
  await knex.raw('UPDATE form_images SET field_status = ?::jsonb WHERE id = ?', [JSON.stringify(status), image.id]);
}

async function rowsOf<T>(knex: Knex, sql: string, bindings: readonly Knex.RawBinding[]): Promise<T[]> {
  const result = (await knex.raw(sql, bindings)) as { rows: T[] };
  return result.rows;
}

function byImage<T extends { imageId: number }>(rows: readonly T[]): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const row of rows) {
    const list = grouped.get(row.imageId) ?? [];
    list.push(row);
    grouped.set(row.imageId, list);
  }
  return grouped;
}

export async function up(knex: Knex): Promise<void> {
  const forms = new Map<number, FormRules>();
  let lastId = 0;
  for (;;) {
    const images = await rowsOf<ImageRow>(
      knex,
      `SELECT id, form_id AS "formId", field_status AS "fieldStatus" FROM form_images
       WHERE id > ? ORDER BY id LIMIT ?`,
      [lastId, BATCH_SIZE],
    );
    const last = images.at(-1);
    if (!last) return;
    lastId = last.id;
    const ids = images.map((image) => image.id);
    const missingForms = [...new Set(images.map((image) => image.formId))].filter((id) => !forms.has(id));
    const formRows = await rowsOf<{ id: number; fields: unknown; threshold: number }>(
      knex,
      'SELECT id, fields, required_entries_per_image AS threshold FROM forms WHERE id = ANY(?)',
      [missingForms],
    );
    for (const row of formRows) forms.set(row.id, rulesOf(row));
    // Oldest first, as the consensus expects; entries of users blocked with "drop entries" do not count.
    const submissions = await rowsOf<SubmissionRow>(
      knex,
      `SELECT s.image_id AS "imageId", s.data, EXISTS (
         SELECT 1 FROM form_user_blocks b
         WHERE b.form_id = s.form_id AND b.user_id = s.submitted_by_id AND b.drop_entries
       ) AS dropped
       FROM form_submissions s WHERE s.image_id = ANY(?) ORDER BY s.image_id, s.submitted_at, s.id`,
      [ids],
    );
    const resolutions = await rowsOf<ResolutionRow>(
      knex,
      `SELECT id, image_id AS "imageId", field_id AS "fieldId", value FROM field_resolutions WHERE image_id = ANY(?)`,
      [ids],
    );
    const entriesOf = byImage(submissions);
    const resolutionsOf = byImage(resolutions);
    for (const image of images) {
      const rules = forms.get(image.formId);
      if (!rules) continue;
      await rewriteImage(knex, image, rules, entriesOf.get(image.id) ?? [], resolutionsOf.get(image.id) ?? []);
    }
  }
}

/** The comparison forms cannot be told apart from typed text afterwards, and need not be: nothing to undo. */
export async function down(): Promise<void> {}
