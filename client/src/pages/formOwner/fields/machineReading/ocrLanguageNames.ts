/**
 * The machine reader's languages (tesseract's codes) named in the reader's language, through the
 * platform's own names (Intl.DisplayNames) rather than a table of our own: "French" in English,
 * "français" in French, "الفرنسية" in Arabic.
 */
import type { Locale } from '@formscribe/common/i18n/locales';
import type { OcrLanguage } from '@formscribe/common/schemas/machineReading';

/** Tesseract's three-letter codes as the language tags Intl knows. */
const LANGUAGE_TAGS: Record<OcrLanguage, string> = {
  eng: 'en',
  fra: 'fr',
  spa: 'es',
  por: 'pt',
  ara: 'ar',
};

/** The language's name in `locale`, capitalised as a list item (Intl gives "français"). */
export function ocrLanguageName(language: OcrLanguage, locale: Locale): string {
  const tag = LANGUAGE_TAGS[language];
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(tag) ?? tag;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}
