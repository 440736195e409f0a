/**
 * The rule state of one image's entry: the problems shown under the fields (the client's own
 * check, and a server refusal while the refused value is still there), the "as written on the
 * page" marks, and what a submission may send.
 */
import type { FormField } from '@formscribe/common/fields';
import { useMemo, useState } from 'react';
import { showToast } from '../../stores/toastStore.ts';
import { focusEntryField } from './EntryFields.tsx';
import { ruleBreakToast } from './entryFeedback.ts';
import { asWrittenIds, type RuleProblems, refusedField, ruleProblemsOf, unmarkedBreaks } from './entryRules.ts';
import { displayedValue, type EntryValues, type VerificationMap } from './entryValues.ts';

interface Refusal {
  fieldId: string;
  message: string;
  /** The value the server refused; typing something else clears the message. */
  value: string;
}

export function useEntryRules(fields: readonly FormField[], values: EntryValues, verification: VerificationMap) {
  const [markedIds, setMarkedIds] = useState<readonly string[]>([]);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const breaks = useMemo(() => ruleProblemsOf(fields, values, verification), [fields, values, verification]);
  const marked = useMemo(() => new Set(markedIds), [markedIds]);

  const refusedOne = refusal && fields.find((field) => field.id === refusal.fieldId);
  const refusalStands = refusal && refusedOne && displayedValue(refusedOne, values, verification) === refusal.value;
  const problems: RuleProblems =
    refusalStands && !breaks[refusal.fieldId] ? { ...breaks, [refusal.fieldId]: refusal.message } : breaks;

  return {
    /** Field id → the message shown under it. */
    problems,
    /** The rule breaks alone (not the server's refusals): these the contributor may mark as written. */
    breaks,
    marked,
    setMarked(fieldId: string, on: boolean) {
      setMarkedIds((current) => (on ? [...current, fieldId] : current.filter((id) => id !== fieldId)));
    },
    /**
     * A value that breaks a rule goes only once marked as written on the page: while one is not,
     * say which rule (and how to keep the value), take the contributor to it, and answer true.
     */
    holdBack(): boolean {
      const held = unmarkedBreaks(breaks, marked, fields)[0];
      if (!held) return false;
      showToast(ruleBreakToast(breaks[held.id] ?? ''));
      focusEntryField(held.id);
      return true;
    },
    asWritten: () => asWrittenIds(breaks, marked),
    /** Shows a server refusal at its field and returns that field's id; null when it names none of this form. */
    showRefusal(error: unknown): string | null {
      const refused = refusedField(error, fields);
      const field = refused && fields.find((candidate) => candidate.id === refused.fieldId);
      if (!refused || !field) return null;
      setRefusal({ ...refused, value: displayedValue(field, values, verification) });
      return field.id;
    },
  };
}
