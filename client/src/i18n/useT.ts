/**
 * `const { t } = useT()` in a component: `t('entry.submit')`, `t('owner.imageCount', { count })`;
 * the same object formats numbers and dates in the language in use (`number`, `date`, `list`).
 * The component re-renders when the language changes.
 */
import type { Translator } from '@formscribe/common/i18n/translator';
import { useLocaleStore } from './localeStore.ts';
import type { MessageKey } from './messageKeys.ts';

export function useT(): Translator<MessageKey> {
  return useLocaleStore((state) => state.translator);
}
