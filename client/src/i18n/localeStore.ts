/**
 * The language the interface is in, and its translator: a store rather than a React context, so
 * that toasts, stores and API helpers outside components translate with the same words
 * (`currentTranslator()`), and components re-render when the language changes (`useT`).
 *
 * Who decided the language matters for what may change it (issue 29): a person's own choice (the
 * picker, or their account's stored choice) beats the owner's form language, which beats the
 * browser's settings, which beat English.
 */

import { DEFAULT_LOCALE, type Locale, textDirection } from '@formscribe/common/i18n/locales';
import { createTranslator, type Translator } from '@formscribe/common/i18n/translator';
import { create } from 'zustand';
import { loadCatalogue } from './loadCatalogue.ts';
import type { MessageKey } from './messageKeys.ts';

export type LocaleSource = 'chosen' | 'form' | 'browser';

interface LocaleState {
  locale: Locale;
  source: LocaleSource;
  translator: Translator<MessageKey>;
}

export const useLocaleStore = create<LocaleState>(() => ({
  locale: DEFAULT_LOCALE,
  source: 'browser',
  // Until the first catalogue arrives (main.tsx waits for it before the first render).
  translator: createTranslator<MessageKey>(DEFAULT_LOCALE, {}),
}));

/** The latest switch wins when two overlap (a quick second pick while the first downloads). */
let latestSwitch = 0;

export async function switchLocale(locale: Locale, source: LocaleSource): Promise<void> {
  const ticket = ++latestSwitch;
  const current = useLocaleStore.getState();
  if (current.locale === locale && Object.keys(current.translator.intl.messages).length) {
    if (current.source !== source) useLocaleStore.setState({ source });
    return;
  }
  const messages = await loadCatalogue(locale);
  if (ticket !== latestSwitch) return;
  useLocaleStore.setState({ locale, source, translator: createTranslator<MessageKey>(locale, messages) });
  markDocumentLocale(locale);
}

/** `<html lang dir>`: screen readers pick their voice by it, and Arabic lays out right to left. */
export function markDocumentLocale(locale: Locale): void {
  const root = document.documentElement;
  root.lang = locale;
  root.dir = textDirection(locale);
}

/** For code outside components (toasts, stores): the translator of the language in use now. */
export const currentTranslator = (): Translator<MessageKey> => useLocaleStore.getState().translator;
