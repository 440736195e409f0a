/**
 * What the builder tells the owner when a save gave fields new rules that values already entered
 * break (PATCH's `ruleBreaks`). Nothing was changed by it: the entries stay as typed and consensus
 * is not rewritten, so the notice is calm news, not an error.
 */
import type { FormField } from '@formscribe/common/fields';
import type { UpdateFormResponse } from '@formscribe/common/schemas/form';
import { currentTranslator } from '../../../i18n/localeStore.ts';
import { LONG_TOAST_DURATION_MS, type ToastOptions } from '../../../stores/toastStore.ts';

/** The toast for a save's answer, or undefined when no entered value breaks a rule. */
export function ruleBreaksNotice(
  ruleBreaks: UpdateFormResponse['ruleBreaks'],
  fields: readonly FormField[],
): ToastOptions | undefined {
  const breaks = (ruleBreaks ?? []).filter((entry) => entry.count > 0);
  if (breaks.length === 0) return undefined;
  // Worded when the save answers, in the language in use then.
  const { t } = currentTranslator();
  const sentences = breaks.map(({ fieldId, count }) => {
    const field = fields.find((candidate) => candidate.id === fieldId);
    return t('owner.ruleBreaks.field', { count, field: field?.label || fieldId });
  });
  const oneValue = breaks.length === 1 && breaks[0]?.count === 1;
  return {
    title: t('owner.ruleBreaks.title'),
    description: [...sentences, t(oneValue ? 'owner.ruleBreaks.stayOne' : 'owner.ruleBreaks.stayMany')].join(' '),
    durationMs: LONG_TOAST_DURATION_MS,
  };
}
