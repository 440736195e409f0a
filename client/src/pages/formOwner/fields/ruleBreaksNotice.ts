/**
 * What the builder tells the owner when a save gave fields new rules that values already entered
 * break (PATCH's `ruleBreaks`). Nothing was changed by it: the entries stay as typed and consensus
 * is not rewritten, so the notice is calm news, not an error.
 */
import type { FormField } from '@formscribe/common/fields';
import type { UpdateFormResponse } from '@formscribe/common/schemas/form';
import { LONG_TOAST_DURATION_MS, type ToastOptions } from '../../../stores/toastStore.ts';

export const RULE_BREAKS_TITLE = 'Existing values break the new rules';

function sentenceFor(count: number, label: string): string {
  const values = count === 1 ? '1 existing value' : `${count} existing values`;
  return `${values} of ${label} ${count === 1 ? 'breaks' : 'break'} its new rules.`;
}

/** The toast for a save's answer, or undefined when no entered value breaks a rule. */
export function ruleBreaksNotice(
  ruleBreaks: UpdateFormResponse['ruleBreaks'],
  fields: readonly FormField[],
): ToastOptions | undefined {
  const breaks = (ruleBreaks ?? []).filter((entry) => entry.count > 0);
  if (breaks.length === 0) return undefined;
  const sentences = breaks.map(({ fieldId, count }) => {
    const field = fields.find((candidate) => candidate.id === fieldId);
    return sentenceFor(count, field?.label || fieldId);
  });
  const they = breaks.length === 1 && breaks[0]?.count === 1 ? 'It stays' : 'They stay';
  return {
    title: RULE_BREAKS_TITLE,
    description: `${sentences.join(' ')} ${they} as entered; consensus is unchanged.`,
    durationMs: LONG_TOAST_DURATION_MS,
  };
}
