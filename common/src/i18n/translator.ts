/**
 * One ICU MessageFormat engine for the client's pages and the server's mail: FormatJS
 * (`@formatjs/intl`, the core of react-intl without React). Messages are ICU strings (plurals,
 * select, numbers and dates inside the message); numbers, dates and lists outside messages go
 * through the same object, so every figure on a page follows its locale (Intl, never a fixed one).
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { Locale } from './locales.ts';

/** A language's messages, flat, as text: `namespace.key` → ICU message (the server's mail). */
export type TextCatalogue = Readonly<Record<string, string>>;

/** The same compiled to the parser's ASTs at build time (the client's catalogue). */
export type CompiledCatalogue = Readonly<Record<string, MessageFormatElement[]>>;

/** Text is parsed when first formatted; compiled messages are formatted as they are. */
export type MessageCatalogue = TextCatalogue | CompiledCatalogue;

/** Values a message may take: text, numbers, dates (ICU `{when, date, medium}`). */
export type MessageValues = Record<string, string | number | boolean | Date | null | undefined>;

export interface Translator<Key extends string = string> {
  readonly locale: Locale;
  /** The message `key` with `values` filled in; the key itself (and a console error) when missing. */
  t(key: Key, values?: MessageValues): string;
  /** The message for a key not known at compile time (a server message's key, a status name). */
  has(key: string): key is Key;
  number(value: number, options?: NumberOptions): string;
  date(value: Date | number | string, options?: Intl.DateTimeFormatOptions): string;
  list(values: readonly string[], options?: Intl.ListFormatOptions): string;
  relativeTime(value: number, unit: Intl.RelativeTimeFormatUnit): string;
  readonly intl: IntlShape<string>;
}

type NumberOptions = Parameters<IntlShape<string>['formatNumber']>[1];

/** Formatters are cached across translators (FormatJS caches per locale and options). */
const cache = createIntlCache();

export function createTranslator<Key extends string = string>(
  locale: Locale,
  messages: MessageCatalogue,
  onMissing: (key: string) => void = (key) => console.error(`missing message ${locale}:${key}`),
): Translator<Key> {
  const intl = createIntl<string>(
    {
      locale,
      messages,
      onError: (error) => {
        // A missing key is reported once below with its name; anything else is a broken message.
        if ((error as { code?: string }).code !== 'MISSING_TRANSLATION') console.error(error);
      },
    },
    cache,
  );
  const dateOf = (value: Date | number | string) => (typeof value === 'string' ? new Date(value) : value);
  return {
    locale,
    intl,
    t(key, values) {
      if (!(key in messages)) {
        onMissing(key);
        return key;
      }
      return intl.formatMessage({ id: key }, values as Record<string, string | number | boolean | Date>) as string;
    },
    has: (key): key is Key => key in messages,
    number: (value, options) => intl.formatNumber(value, options),
    date: (value, options) => intl.formatDate(dateOf(value), options),
    list: (values, options) => intl.formatList(values as string[], options) as string,
    relativeTime: (value, unit) => intl.formatRelativeTime(value, unit),
  };
}
