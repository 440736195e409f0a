/** Field difficulty per data field of the form, from the form's maintained sums (one row per field). */
import { dataFields } from '@formscribe/common/fields';
import type { FieldDifficulty } from '@formscribe/common/schemas/insights';
import type { Knex } from 'knex';
import type { Form } from '../../models/index.ts';

interface DifficultyRow {
  fieldId: string;
  compared: number;
  disagreeing: number;
  variant: number;
  formatOnly: number;
}

const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** The form's current data fields in form order, each with its figures (zero before any comparison). */
export async function fieldDifficulty(knex: Knex, form: Form): Promise<FieldDifficulty[]> {
  const { rows } = await knex.raw(
    // Each field's figures are the sum of its slots (services/insights/imageInsightsStatements.ts).
    `SELECT field_id AS "fieldId", sum(compared_images)::int AS compared, sum(disagreeing_images)::int AS disagreeing,
            sum(variant_images)::int AS variant, sum(format_only_images)::int AS "formatOnly"
     FROM field_difficulty WHERE form_id = ? GROUP BY field_id`,
    [form.id],
  );
  const byField = new Map((rows as DifficultyRow[]).map((row) => [row.fieldId, row]));
  return dataFields(form.fields).map((field) => {
    const row = byField.get(field.id) ?? { compared: 0, disagreeing: 0, variant: 0, formatOnly: 0 };
    return {
      fieldId: field.id,
      label: field.label,
      type: field.type,
      comparedImages: row.compared,
      disagreeingImages: row.disagreeing,
      disagreementShare: share(row.disagreeing, row.compared),
      variantImages: row.variant,
      formatOnlyImages: row.formatOnly,
      formatOnlyShare: share(row.formatOnly, row.variant),
    };
  });
}
