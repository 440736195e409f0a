/**
 * The owner's field rules on the entry page, as plain functions: which values break a rule (the
 * very check the server makes, common's `ruleProblem`), which of them the contributor marked "as
 * written on the page", and where a refusal from the server belongs. A value that breaks a rule is
 * sent only when marked; its id then goes into the submission's `asWritten`.
 */
import { errorResponseBody, errorStatusCode } from '@formscribe/common/errorMessages';
import { ruleProblem, todayIso } from '@formscribe/common/fieldRules';
import { dataFields, type FormField } from '@formscribe/common/fields';
import { displayedValue, type EntryValues, isVerifiedField, type VerificationMap } from './entryValues.ts';

/** Field id → the message of the rule its value breaks. */
export type RuleProblems = Record<string, string>;

/** The open fields whose values break a rule. Verified fields hold the agreed value and are not checked. */
export function ruleProblemsOf(
  fields: readonly FormField[],
  values: EntryValues,
  verification: VerificationMap,
  today: string = todayIso(),
): RuleProblems {
  const problems: RuleProblems = {};
  for (const field of dataFields(fields)) {
    if (isVerifiedField(field, verification)) continue;
    const problem = ruleProblem(field, displayedValue(field, values, verification), today);
    if (problem) problems[field.id] = problem;
  }
  return problems;
}

/** Fields, in form order, whose broken value is not marked as written: these hold the entry back. */
export function unmarkedBreaks(problems: RuleProblems, marked: ReadonlySet<string>, order: readonly FormField[]) {
  return order.filter((field) => problems[field.id] !== undefined && !marked.has(field.id));
}

/** The submission's `asWritten`: marked fields whose value still breaks a rule, nothing else. */
export function asWrittenIds(problems: RuleProblems, marked: ReadonlySet<string>): string[] {
  return Object.keys(problems).filter((fieldId) => marked.has(fieldId));
}

/** A refusal the server pinned on one field of this form (400 with `fieldId`), else null. */
export function refusedField(
  error: unknown,
  fields: readonly FormField[],
): { fieldId: string; message: string } | null {
  if (errorStatusCode(error) !== 400) return null;
  const body = errorResponseBody(error);
  const fieldId = body?.fieldId;
  if (!body || typeof fieldId !== 'string' || !fields.some((field) => field.id === fieldId)) return null;
  return { fieldId, message: body.message };
}
