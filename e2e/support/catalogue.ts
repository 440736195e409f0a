/**
 * The interface's words in another language, for browser tests that walk the app in French or
 * Arabic: read from the same catalogues the client ships (client/src/i18n/catalogues), so a test
 * follows the translation instead of copying it.
 *
 * `wordsIn('ar')` gives `say`, which turns the English text a test would look for into the
 * locale's: the English catalogue is searched for messages that are exactly that text, and their
 * translations are returned (a RegExp when one English text has more than one translation, as
 * "Save" may in two parts of the app). A text the catalogue does not hold is an error, so a test
 * cannot silently look for English on an Arabic page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { messageArguments } from '../../common/src/i18n/catalogueCheck.ts';
import type { Locale } from '../../common/src/i18n/locales.ts';
import { createTranslator, type MessageValues } from '../../common/src/i18n/translator.ts';

const CATALOGUES = path.resolve(import.meta.dirname, '..', '..', 'client', 'src', 'i18n', 'catalogues');

function flatCatalogue(locale: Locale): Record<string, string> {
  const folder = path.join(CATALOGUES, locale);
  const flat: Record<string, string> = {};
  for (const file of fs.readdirSync(folder).filter((name) => name.endsWith('.json'))) {
    const namespace = path.basename(file, '.json');
    const messages = JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as Record<string, string>;
    for (const [key, message] of Object.entries(messages)) flat[`${namespace}.${key}`] = message;
  }
  return flat;
}

/** A number no test shows, so its formatted text marks where a numeric argument was. */
const SAMPLE_NUMBER = 987654;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface Words {
  locale: Locale;
  /** The locale's text for an exact English message (no arguments). */
  say(english: string): string | RegExp;
  /** A message by key, with its values. */
  t(key: string, values?: MessageValues): string;
  /** A message by key whose text arguments may be anything (`Edit {label} Field` → /^Edit .* Field$/). */
  like(key: string): RegExp;
}

export function wordsIn(locale: Locale): Words {
  const english = flatCatalogue('en');
  const translator = createTranslator(locale, flatCatalogue(locale), (key) => {
    throw new Error(`the ${locale} catalogue has no ${key}`);
  });
  const englishFormatter = createTranslator('en', english);
  const keysByEnglish = new Map<string, string[]>();
  for (const key of Object.keys(english)) {
    // A message with arguments is reached through t(key, values).
    if (messageArguments(english[key] ?? '').length) continue;
    const text = englishFormatter.t(key);
    keysByEnglish.set(text, [...(keysByEnglish.get(text) ?? []), key]);
  }
  return {
    locale,
    t: (key, values) => translator.t(key, values),
    like(key) {
      const message = translator.intl.messages[key];
      if (typeof message !== 'string') throw new Error(`the ${locale} catalogue has no ${key}`);
      // Text arguments get a marker; numeric ones a number whose formatting is then found again.
      const values: MessageValues = {};
      for (const [index, argument] of messageArguments(message).entries()) {
        const [name = '', kind] = argument.split(':');
        values[name] = kind === 'number' || kind === 'plural' ? SAMPLE_NUMBER : `ARG${index}MARK`;
      }
      const pattern = escapeRegExp(translator.t(key, values))
        .replace(/ARG\d+MARK/g, '.*')
        .replaceAll(escapeRegExp(translator.number(SAMPLE_NUMBER)), '.*');
      return new RegExp(`^${pattern}$`);
    },
    say(text) {
      if (locale === 'en') return text;
      const keys = keysByEnglish.get(text);
      if (!keys) throw new Error(`no message in the English catalogue reads "${text}"`);
      const translations = [...new Set(keys.map((key) => translator.t(key)))];
      return translations.length === 1
        ? (translations[0] as string)
        : new RegExp(`^(?:${translations.map(escapeRegExp).join('|')})$`);
    },
  };
}

/** English as the tests always spoke it: `say` returns the text itself. */
export const ENGLISH: Words = {
  locale: 'en',
  say: (text) => text,
  t: (key, values) => wordsIn('en').t(key, values),
  like: (key) => wordsIn('en').like(key),
};
