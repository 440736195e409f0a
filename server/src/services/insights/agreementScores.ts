/**
 * Agreement scores per contributor, read from the form's maintained sums (one row per contributor
 * and field type). Their disagreements are listed by contributorDisagreements.ts.
 */
import type { FieldType } from '@formscribe/common/fields';
import { wilsonInterval } from '@formscribe/common/insights';
import type { ContributorAgreement } from '@formscribe/common/schemas/insights';
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
