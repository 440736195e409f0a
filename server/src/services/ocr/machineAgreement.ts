/**
 * How often the machine agreed with people, per field, for the form's owner: of the images whose
 * field is verified and was read, the share whose reading equals the verified value, compared
 * the way entries are (common/'s normalisation by field type). Every reading counts here, however
 * unsure, and whether or not the field is switched off: the figure is what the machine reads,
 * and on handwriting it is low. One grouped statement per form; the comparison runs on the
 * distinct (reading, verified value) pairs it returns, not on each image.
 */
import type { FormField } from '@formscribe/common/fields';
import { normaliseValue } from '@formscribe/common/fieldValues';
import type { MachineFieldAgreement } from '@formscribe/common/schemas/machineReading';
import type { Knex } from 'knex';
import type { Form } from '../../models/index.ts';
import { readableFields } from './machineReadingJob.ts';

interface FieldTotals {
  fieldId: string;
  readings: number;
  confidenceSum: number;
}

interface ValuePair {
  fieldId: string;
  value: string;
  verifiedValue: string;
  images: number;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

export async function readMachineAgreement(
  knex: Knex,
  form: Form,
  offFieldIds: readonly string[],
): Promise<MachineFieldAgreement[]> {
  const fields = readableFields(form.fields as FormField[]);
  const totals: FieldTotals[] = (
    await knex.raw(
      `SELECT field_id AS "fieldId", count(*)::int AS readings, sum(confidence)::float AS "confidenceSum"
       FROM machine_readings WHERE form_id = ? GROUP BY field_id`,
      [form.id],
    )
  ).rows;
  const pairs: ValuePair[] = (
    await knex.raw(
      `SELECT m.field_id AS "fieldId", m.value, fi.field_status -> m.field_id ->> 'verifiedValue' AS "verifiedValue",
              count(*)::int AS images
       FROM machine_readings m JOIN form_images fi ON fi.id = m.image_id
       WHERE m.form_id = ? AND (fi.field_status -> m.field_id ->> 'isVerified')::boolean
       GROUP BY 1, 2, 3`,
      [form.id],
    )
  ).rows;
  return fields.map((field) => {
    const total = totals.find((row) => row.fieldId === field.id);
    const judged = pairs.filter((pair) => pair.fieldId === field.id);
    const same = (pair: ValuePair) =>
      normaliseValue(field.type, pair.value, field.decimalSeparator) ===
      normaliseValue(field.type, pair.verifiedValue ?? '', field.decimalSeparator);
    const verifiedWithReading = judged.reduce((sum, pair) => sum + pair.images, 0);
    const matched = judged.filter(same).reduce((sum, pair) => sum + pair.images, 0);
    const readings = total?.readings ?? 0;
    return {
      fieldId: field.id,
      label: field.label,
      counted: !offFieldIds.includes(field.id),
      readings,
      verifiedWithReading,
      matched,
      agreement: verifiedWithReading ? round3(matched / verifiedWithReading) : null,
      meanConfidence: readings ? Math.round((total?.confidenceSum ?? 0) / readings) : null,
    };
  });
}
