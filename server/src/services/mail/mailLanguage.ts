/**
 * The words of the mail the server sends, in the recipient's language (issue 29): one ICU
 * catalogue per language (server/src/mail/catalogues/<locale>.json, formatted by the same FormatJS
 * engine as the client's pages), and which language a message goes out in: the account's stored
 * choice, else the language of the browser whose request caused the mail (a sign-up, a reset asked
 * for), else English.
 */

import { DEFAULT_LOCALE, type Locale } from '@formscribe/common/i18n/locales';
import { createTranslator, type TextCatalogue, type Translator } from '@formscribe/common/i18n/translator';
import { escapeHtml } from '../../htmlEscape.ts';
import ar from '../../mail/catalogues/ar.json' with { type: 'json' };
import en from '../../mail/catalogues/en.json' with { type: 'json' };
import es from '../../mail/catalogues/es.json' with { type: 'json' };
import fr from '../../mail/catalogues/fr.json' with { type: 'json' };
import pt from '../../mail/catalogues/pt.json' with { type: 'json' };

/** A mail message's key: typed from the English catalogue, so a key English lacks does not compile. */
export type MailKey = keyof typeof en;

export const MAIL_CATALOGUES: Record<Locale, TextCatalogue> = { en, es, fr, pt, ar };

export type MailTranslator = Translator<MailKey>;

const translators = new Map<Locale, MailTranslator>();

/** The translator of `locale`'s mail, made once per language. */
export function mailTranslator(locale: Locale): MailTranslator {
  let translator = translators.get(locale);
  if (!translator) {
    translator = createTranslator<MailKey>(locale, MAIL_CATALOGUES[locale]);
    translators.set(locale, translator);
  }
  return translator;
}

/**
 * The language a message to this account goes out in: its own, else `otherwise` (the language of
 * the request that caused the mail; for a campaign, the form's), else English.
 */
export function recipientLocale(account: { locale: Locale | null } | undefined, otherwise?: Locale): Locale {
  return account?.locale ?? otherwise ?? DEFAULT_LOCALE;
}

/** The headers every message carries for its language: mail clients read it to pick a voice or offer a translation. */
export const languageHeaders = (locale: Locale) => ({ 'Content-Language': locale });

/**
 * A message as HTML: its words escaped, with `markup` (already HTML, e.g. a link) put in place
 * of its arguments. The sentence stays one message, so each language orders it its own way.
 */
export function htmlMessage(
  t: MailTranslator,
  key: MailKey,
  values: Record<string, string | number>,
  markup: Record<string, string>,
): string {
  const slots = Object.keys(markup);
  // Private-use characters stand in for the markup: no message or value contains them.
  const marker = (index: number) => `\uE000${index}\uE001`;
  const text = t.t(key, { ...values, ...Object.fromEntries(slots.map((name, index) => [name, marker(index)])) });
  return escapeHtml(text).replace(/\uE000(\d+)\uE001/g, (_, index: string) => markup[slots[Number(index)] ?? ''] ?? '');
}
