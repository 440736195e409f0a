/**
 * The language a request's page (or the mail it causes) is in (issue 29, docs/i18n.md): the
 * language chosen in this browser (the picker's cookie), else the signed-in user's stored choice,
 * else, on a form's entry page, the language its owner gave the form, else the browser's languages
 * (Accept-Language), else English. The server needs it before any
 * script runs: for `<html lang dir>` and the catalogue chunk the page names, and for a sign-up's
 * or a password reset's mail, whose reader has no stored choice yet.
 */
import {
  CHOSEN_LOCALE_COOKIE,
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  localeFromAcceptLanguage,
} from '@formscribe/common/i18n/locales';
import type { AppContext } from './appTypes.ts';

/** Where the language came from: `account` and `form` make the page the user's own (not for shared caches). */
export type PageLocaleSource = 'chosen' | 'account' | 'form' | 'browser' | 'default';

export interface PageLocale {
  locale: Locale;
  source: PageLocaleSource;
}

function chosenInBrowser(ctx: AppContext): Locale | undefined {
  // No Cookie header, no cookie to parse (most first visits).
  const chosen = ctx.get('Cookie') ? ctx.cookies.get(CHOSEN_LOCALE_COOKIE) : undefined;
  return isLocale(chosen) ? chosen : undefined;
}

/**
 * The page's language and what decided it. `formLanguage`: the entry page's form's, when the
 * signed-in user may enter data on it (pageReadHints.ts read it under the form's policy).
 */
export function pageLocale(ctx: AppContext, formLanguage?: Locale): PageLocale {
  const chosen = chosenInBrowser(ctx);
  if (chosen) return { locale: chosen, source: 'chosen' };
  const stored = ctx.state.user?.locale;
  if (stored) return { locale: stored, source: 'account' };
  if (formLanguage) return { locale: formLanguage, source: 'form' };
  const browser = localeFromAcceptLanguage(ctx.get('Accept-Language') || undefined);
  if (browser) return { locale: browser, source: 'browser' };
  return { locale: DEFAULT_LOCALE, source: 'default' };
}

/**
 * The language of the browser that made the request (its chosen one, else its Accept-Language),
 * or undefined: for mail caused by a request, sent in the recipient account's own language when
 * it has one and in this one otherwise.
 */
export function requestLocale(ctx: AppContext): Locale | undefined {
  return chosenInBrowser(ctx) ?? localeFromAcceptLanguage(ctx.get('Accept-Language') || undefined);
}
