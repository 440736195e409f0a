/**
 * The language a person chose in this browser, remembered across visits: in localStorage for the
 * client, and in a cookie so that the server writes the page's `<html lang dir>` (and names the
 * right catalogue) before any script runs. Only an explicit choice is stored; a language taken
 * from the browser's own settings is worked out again on every visit.
 */
import { CHOSEN_LOCALE_COOKIE, isLocale, type Locale } from '@formscribe/common/i18n/locales';

export const CHOSEN_LOCALE_STORAGE_KEY = 'formscribe.locale';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function chosenLocale(): Locale | undefined {
  try {
    const stored = window.localStorage.getItem(CHOSEN_LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : undefined;
  } catch {
    // Storage refused (a private window's quota, a sandboxed frame): nothing was chosen here.
    return undefined;
  }
}

export function rememberChosenLocale(locale: Locale | null): void {
  try {
    if (locale) window.localStorage.setItem(CHOSEN_LOCALE_STORAGE_KEY, locale);
    else window.localStorage.removeItem(CHOSEN_LOCALE_STORAGE_KEY);
  } catch {
    // Remembered for this visit only; the page still switches.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari before 18.4 and from Firefox.
  document.cookie = locale
    ? `${CHOSEN_LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`
    : `${CHOSEN_LOCALE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
