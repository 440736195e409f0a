/**
 * When an owner gives fields new rules while the form has entries, how many entered values of
 * each such field now break them: the builder tells the owner, and nothing is rewritten (entries
 * and the images' verified values stay as they are; a value entered before the rule is data, not
 * an error to hide). Values their entry marked "as written on the page" are not counted: the
 * contributor already said the page holds them.
 */
import { type FieldRules, ruleProblem, todayIso } from '@formscribe/common/fieldRules';
import type { FormField } from '@formscribe/common/fields';
import type { UpdateFormResponse } from '@formscribe/common/schemas/form';
import type { Knex } from 'knex';

export type RuleBreak = NonNullable<UpdateFormResponse['ruleBreaks']>[number];

/** Rules as comparable text: stored fields come back from jsonb with their keys in another order. */
function rulesKey(rules: FieldRules | undefined): string {
  return JSON.stringify(Object.entries(rules ?? {}).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * Fields of both lists whose rules now read their old values differently: new or changed rules,
 * or rules kept on a field whose type or decimal separator changed. A new field has no values.
 */
function reruledFields(before: readonly FormField[], after: readonly FormField[]): FormField[] {
  const old = new Map(before.map((field) => [field.id, field]));
  return after.filter((field) => {
    const previous = old.get(field.id);
    if (!previous || !field.rules) return false;
    return (
      rulesKey(previous.rules) !== rulesKey(field.rules) ||
      previous.type !== field.type ||
      previous.decimalSeparator !== field.decimalSeparator
    );
  });
}

/** Entered values of one field that break its rules, leaving out those marked as written. */
async function countBreaks(trx: Knex.Transaction, formId: number, field: FormField, today: string): Promise<number> {
  const { rows } = await trx.raw(
    `SELECT s.data -> CAST(:fieldId AS text) AS value FROM form_submissions s
     WHERE s.form_id = :formId AND s.data -> CAST(:fieldId AS text) IS NOT NULL
       AND NOT (CAST(:fieldId AS text) = ANY (s.as_written))`,
    { formId, fieldId: field.id },
  );
  return (rows as { value: unknown }[]).filter((row) => ruleProblem(field, row.value, today) !== undefined).length;
}

/** For each field given new rules, how many existing entries now break them (only counts above 0). */
export async function countRuleBreaks(
  trx: Knex.Transaction,
  formId: number,
  before: readonly FormField[],
  after: readonly FormField[],
): Promise<RuleBreak[]> {
  const today = todayIso();
  const breaks: RuleBreak[] = [];
  for (const field of reruledFields(before, after)) {
    const count = await countBreaks(trx, formId, field, today);
    if (count > 0) breaks.push({ fieldId: field.id, count });
  }
  return breaks;
}
