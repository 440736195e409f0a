/**
 * Which language a page opens in and what may change it (issue 29):
 * a choice made in this browser, or stored on the signed-in account, comes first; then the form's
 * language on its entry page; then the browser's languages (what it sends as Accept-Language);
 * then English.
 */
import { DEFAULT_LOCALE, firstSupportedLocale, type Locale } from '@formscribe/common/i18n/locales';
import { chosenLocale, rememberChosenLocale } from './chosenLocale.ts';
import { switchLocale, useLocaleStore } from './localeStore.ts';

export function browserLocale(): Locale {
  return (
    firstSupportedLocale(navigator.languages?.length ? navigator.languages : [navigator.language]) ?? DEFAULT_LOCALE
  );
}

/** The first render waits for this: the remembered choice, else the browser's language. */
export function openInitialLocale(): Promise<void> {
  const chosen = chosenLocale();
  return switchLocale(chosen ?? browserLocale(), chosen ? 'chosen' : 'browser');
}

/** A signed-in account's stored choice follows the user to this device too. */
export function applyAccountLocale(locale: Locale | null | undefined): Promise<void> {
  if (!locale) return Promise.resolve();
  rememberChosenLocale(locale);
  return switchLocale(locale, 'chosen');
}

/** The picker: remembered in this browser at once; the caller stores it on the account too. */
export function chooseLocaleHere(locale: Locale): Promise<void> {
  rememberChosenLocale(locale);
  return switchLocale(locale, 'chosen');
}

/**
 * The entry page: the owner's form language for someone who chose none (null: their browser's).
 * Returns the undo for leaving the page.
 */
export function applyFormLanguage(language: Locale | null): () => void {
  if (useLocaleStore.getState().source === 'chosen') return () => {};
  void switchLocale(language ?? browserLocale(), language ? 'form' : 'browser');
  return () => {
    if (useLocaleStore.getState().source === 'form') void switchLocale(browserLocale(), 'browser');
  };
}
