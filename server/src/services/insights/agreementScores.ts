/**
 * Agreement scores per contributor, read from the form's maintained sums (one row per contributor
 * and field type), and a contributor's disagreements, read on demand from their own entries.
 */
import type { FieldType, FormField } from '@formscribe/common/fields';
import { dataFields } from '@formscribe/common/fields';
import { valueToText } from '@formscribe/common/fieldValues';
import { matchesVerified, wilsonInterval } from '@formscribe/common/insights';
import { MAX_ROW_ID } from '@formscribe/common/schemas/common';
import type { ContributorAgreement, DisagreementEntry } from '@formscribe/common/schemas/insights';
import type { Knex } from 'knex';
import type { Form } from '../../models/index.ts';

interface AgreementRow {
  userId: number;
  name: string | null;
  username: string;
  isBlocked: boolean;
  fieldType: FieldType;
  entries: number;
  matches: number;
}

function figures(matches: number, entries: number) {
  return { entries, matches, score: entries ? matches / entries : null, interval: wilsonInterval(matches, entries) };
}

/** Every contributor with entries on verified fields, best score first (ties: more entries first). */
export async function contributorAgreement(knex: Knex, form: Form): Promise<ContributorAgreement[]> {
  const { rows } = await knex.raw(
    `SELECT c.user_id AS "userId", u.name, u.username, (b.id IS NOT NULL) AS "isBlocked",
            c.field_type AS "fieldType", c.entry_count AS entries, c.match_count AS matches
     FROM contributor_agreement c
     JOIN users u ON u.id = c.user_id
     LEFT JOIN form_user_blocks b ON b.form_id = c.form_id AND b.user_id = c.user_id
     WHERE c.form_id = ? AND c.entry_count > 0
     ORDER BY c.user_id, c.field_type`,
    [form.id],
  );
  const people = new Map<number, ContributorAgreement>();
  for (const row of rows as AgreementRow[]) {
    const person = people.get(row.userId) ?? {
      user: { id: row.userId, name: row.name, username: row.username },
      isBlocked: row.isBlocked,
      ...figures(0, 0),
      byFieldType: [],
    };
    people.set(row.userId, person);
    person.byFieldType.push({ fieldType: row.fieldType, ...figures(row.matches, row.entries) });
    Object.assign(person, figures(person.matches + row.matches, person.entries + row.entries));
  }
  return [...people.values()].sort((a, b) => (b.score ?? -1) - (a.score ?? -1) || b.entries - a.entries);
}

/** Submissions read per round while looking for disagreements, and the most listed. */
const SCAN_BATCH = 500;
export const MAX_LISTED_DISAGREEMENTS = 100;

/**
 * The contributor's entries that differ from the verified value, newest first: their own
 * submissions (indexed by form and submitter), compared with the images' stored verified values.
 */
export async function contributorDisagreements(knex: Knex, form: Form, userId: number) {
  const fields = dataFields(form.fields as FormField[]);
  const disagreements: DisagreementEntry[] = [];
  let beforeId = MAX_ROW_ID + 1;
  for (;;) {
    const { rows } = await knex.raw(
      `SELECT s.id, s.image_id AS "imageId", i.number, s.data, i.field_status AS "fieldStatus", s.submitted_at AS "submittedAt"
       FROM form_submissions s JOIN form_images i ON i.id = s.image_id
       WHERE s.form_id = ? AND s.submitted_by_id = ? AND s.id < ?::bigint
       ORDER BY s.id DESC LIMIT ?`,
      [form.id, userId, beforeId, SCAN_BATCH],
    );
    for (const row of rows) {
      for (const field of fields) {
        const status = row.fieldStatus[field.id];
        if (!status?.isVerified) continue;
        const entered = row.data[field.id];
        if (matchesVerified(field.type, entered, status.verifiedValue, field.decimalSeparator)) continue;
        if (disagreements.length === MAX_LISTED_DISAGREEMENTS) return { disagreements, truncated: true };
        disagreements.push({
          imageId: row.imageId,
          imageNumber: row.number,
          fieldId: field.id,
          fieldLabel: field.label,
          entered: valueToText(entered),
          verified: valueToText(status.verifiedValue),
          submittedAt: new Date(row.submittedAt).toISOString(),
        });
      }
    }
    if (rows.length < SCAN_BATCH) return { disagreements, truncated: false };
    beforeId = rows[rows.length - 1].id;
  }
}
