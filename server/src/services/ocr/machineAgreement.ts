/**
 * How often the machine agreed with people, per field, for the form's owner: of the images whose
 * field was read and verified WITHOUT the reading's help (people alone, or an owner's accepted
 * value), the share whose reading equals the verified value, compared the way entries are
 * (common/'s normalisation by field type). A field the reading helped verify (`machineAssisted`
 * in its stored status) equals the reading by construction: counting it would inflate the figure
 * exactly where OCR is weak, so it is counted apart (`helpedVerify`). Every reading counts here,
 * however unsure, and whether or not the field is switched off: the figure is what the machine
 * reads, and on handwriting it is low. One grouped statement per form; the comparison runs on the
 * distinct (reading, verified value, helped) rows it returns, not on each image. Beside them, the
 * images where the machine left the field unread, by reason, so the owner sees why a field has
 * fewer readings than images.
 */
import { normaliseValue } from '@formscribe/common/fieldValues';
import type { MachineFieldAgreement, MachineUnreadReason } from '@formscribe/common/schemas/machineReading';
import type { Knex } from 'knex';
import type { Form } from '../../models/index.ts';
import { readableFields } from './machineReadingJob.ts';

interface FieldTotals {
  fieldId: string;
  readings: number;
  confidenceSum: number;
}

interface UnreadCount {
  fieldId: string;
  reason: MachineUnreadReason;
  images: number;
}

interface ValuePair {
  fieldId: string;
  value: string;
  verifiedValue: string;
  /** The reading helped verify the field on these images. */
  helped: boolean;
  images: number;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
const imagesOf = (pairs: readonly ValuePair[]) => pairs.reduce((sum, pair) => sum + pair.images, 0);

export async function readMachineAgreement(
  knex: Knex,
  form: Form,
  offFieldIds: readonly string[],
): Promise<MachineFieldAgreement[]> {
  const fields = readableFields(form.fields);
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
              coalesce((fi.field_status -> m.field_id ->> 'machineAssisted')::boolean, false) AS helped,
              count(*)::int AS images
       FROM machine_readings m JOIN form_images fi ON fi.id = m.image_id
       WHERE m.form_id = ? AND (fi.field_status -> m.field_id ->> 'isVerified')::boolean
       GROUP BY 1, 2, 3, 4`,
      [form.id],
    )
  ).rows;
  const unread: UnreadCount[] = (
    await knex.raw(
      `SELECT field_id AS "fieldId", reason, count(*)::int AS images
       FROM machine_reading_unread WHERE form_id = ? GROUP BY 1, 2 ORDER BY 1, 2`,
      [form.id],
    )
  ).rows;
  // Indexed by field once: a text field of a large form returns many distinct value pairs.
  const totalOf = new Map(totals.map((row) => [row.fieldId, row]));
  const pairsOf = new Map<string, ValuePair[]>();
  for (const pair of pairs) {
    const list = pairsOf.get(pair.fieldId);
    if (list) list.push(pair);
    else pairsOf.set(pair.fieldId, [pair]);
  }
  return fields.map((field) => {
    const total = totalOf.get(field.id);
    const verified = pairsOf.get(field.id) ?? [];
    const judged = verified.filter((pair) => !pair.helped);
    const same = (pair: ValuePair) =>
      normaliseValue(field.type, pair.value, field.decimalSeparator) ===
      normaliseValue(field.type, pair.verifiedValue ?? '', field.decimalSeparator);
    const compared = imagesOf(judged);
    const matched = imagesOf(judged.filter(same));
    const readings = total?.readings ?? 0;
    return {
      fieldId: field.id,
      label: field.label,
      counted: !offFieldIds.includes(field.id),
      readings,
      compared,
      matched,
      helpedVerify: imagesOf(verified.filter((pair) => pair.helped)),
      agreement: compared ? round3(matched / compared) : null,
      meanConfidence: readings ? Math.round((total?.confidenceSum ?? 0) / readings) : null,
      unread: unread.filter((row) => row.fieldId === field.id).map(({ reason, images }) => ({ reason, images })),
    };
  });
}
