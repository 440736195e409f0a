/**
 * The interface's languages (issue 29): which exist, how each is written, and how a browser's or a
 * request's preferences are matched to one. Shared by the client (picker, first visit) and the
 * server (the page's `<html lang>`, mail).
 */
import { z } from 'zod';

export const LOCALES = ['en', 'es', 'fr', 'pt', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

/** The spec's own language: its strings are the English catalogue, and anything unmatched falls back to it. */
export const DEFAULT_LOCALE: Locale = 'en';

export const localeSchema = z.enum(LOCALES);

/** Each language named in itself, so a reader finds their own whatever the page is in now. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  pt: 'Português',
  ar: 'العربية',
};

/**
 * The cookie remembering a language chosen with the picker: written by the client
 * (client/src/i18n/chosenLocale.ts), read by the server for the page's `<html lang>` and the mail a
 * request causes (server/src/pageLocale.ts).
 */
export const CHOSEN_LOCALE_COOKIE = 'formscribe_locale';

const RIGHT_TO_LEFT: ReadonlySet<Locale> = new Set(['ar']);

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

export const textDirection = (locale: Locale): 'rtl' | 'ltr' => (RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr');

/** `fr-CA` → `fr`; anything we do not have → undefined. */
export function localeOfTag(tag: string): Locale | undefined {
  const language = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(language) ? language : undefined;
}

/** The first of a browser's languages (navigator.languages, in its order) that we have. */
export function firstSupportedLocale(tags: readonly string[]): Locale | undefined {
  for (const tag of tags) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return undefined;
}

/**
 * The best of an Accept-Language header's languages that we have: by q-value, then by order;
 * `q=0` means "not this one". Undefined when none matches (the caller falls back to English).
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .slice(0, 1000)
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param)?.[1]).find(Boolean);
      const quality = q === undefined ? 1 : Number(q);
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, order };
    })
    .filter(({ tag, quality }) => tag && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  return firstSupportedLocale(ranked.map(({ tag }) => tag));
}
