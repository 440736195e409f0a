/**
 * The language the interface is in, and its translator: a store rather than a React context, so
 * that toasts, stores and API helpers outside components translate with the same words
 * (`currentTranslator()`), and components re-render when the language changes (`useT`).
 *
 * Who decided the language matters for what may change it (issue 29): a person's own choice (the
 * picker, or their account's stored choice) beats the owner's form language, which beats the
 * browser's settings, which beat English.
 *
 * The catalogue comes in parts (common/src/i18n/catalogueParts.ts): the store holds the parts asked
 * for so far, and a switch of language brings all of them in the new one before it shows it.
 */

import { type CataloguePart, isCataloguePart, STARTUP_PARTS } from '@formscribe/common/i18n/catalogueParts';
import { DEFAULT_LOCALE, type Locale, textDirection } from '@formscribe/common/i18n/locales';
import { createTranslator, type Translator } from '@formscribe/common/i18n/translator';
import { create } from 'zustand';
import { type CompiledMessages, loadCataloguePart } from './loadCatalogue.ts';
import type { MessageKey } from './messageKeys.ts';

export type LocaleSource = 'chosen' | 'form' | 'browser';

interface LocaleState {
  locale: Locale;
  source: LocaleSource;
  /** The interface's words: the parts loaded so far (all but `errors`), in `locale`. */
  translator: Translator<MessageKey>;
  /**
   * The server's messages in `locale` (the `errors` part, serverMessages.ts), once loaded. Kept
   * apart so that their arrival after the first paint re-renders nothing.
   */
  serverWords: Translator | undefined;
  /** The parts `translator` and `serverWords` hold. */
  parts: readonly CataloguePart[];
}

export const useLocaleStore = create<LocaleState>(() => ({
  locale: DEFAULT_LOCALE,
  source: 'browser',
  // Until the first parts arrive (main.tsx waits for them before the first render).
  translator: translatorOf(DEFAULT_LOCALE, [], {}),
  serverWords: undefined,
  parts: [],
}));

/** The language the latest switch asked for; the store moves to it once its parts have arrived. */
let wanted: { locale: Locale; source: LocaleSource } = { locale: DEFAULT_LOCALE, source: 'browser' };
/** Every part asked for since the page opened: a new language brings each of them too. */
const wantedParts = new Set<CataloguePart>(STARTUP_PARTS);
/** The latest request wins when two overlap (a quick second pick while the first downloads). */
let latest = 0;
let settling: Promise<void> = Promise.resolve();

/** Brings the store to the wanted language with every wanted part; resolves when it is there. */
function settle(): Promise<void> {
  const ticket = ++latest;
  const { locale, source } = wanted;
  const parts = [...wantedParts];
  settling = Promise.all(parts.map((part) => loadCataloguePart(locale, part))).then((catalogues) => {
    // A later request (another language, another part) is on its way and includes this one's.
    if (ticket !== latest) return settling;
    useLocaleStore.setState(stateWith(locale, source, parts, catalogues));
    markDocumentLocale(locale);
  });
  return settling;
}

function stateWith(
  locale: Locale,
  source: LocaleSource,
  parts: CataloguePart[],
  catalogues: CompiledMessages[],
): LocaleState {
  const current = useLocaleStore.getState();
  const interfaceParts = parts.filter((part) => part !== 'errors');
  const sameWords =
    current.locale === locale &&
    current.parts.filter((part) => part !== 'errors').length === interfaceParts.length &&
    interfaceParts.every((part) => current.parts.includes(part));
  const messages: CompiledMessages = {};
  let errors: CompiledMessages | undefined;
  parts.forEach((part, index) => {
    if (part === 'errors') errors = catalogues[index];
    else Object.assign(messages, catalogues[index]);
  });
  return {
    locale,
    source,
    // The same translator when only the server's words arrived: no component re-renders for them.
    translator: sameWords ? current.translator : translatorOf(locale, interfaceParts, messages),
    serverWords:
      errors &&
      (current.locale === locale && current.serverWords ? current.serverWords : createTranslator(locale, errors)),
    parts,
  };
}

/**
 * A translator over `parts`. Asking it for a word of a part not loaded is a mistake in the code
 * (a route that does not name a part it shows): in development and tests it throws, so the
 * mistake is seen at once; in production it is logged and the key is shown.
 */
function translatorOf(locale: Locale, parts: readonly CataloguePart[], messages: CompiledMessages) {
  return createTranslator<MessageKey>(locale, messages, (key) => {
    const part = key.slice(0, key.indexOf('.'));
    if (!isCataloguePart(part) || parts.includes(part)) {
      console.error(`missing message ${locale}:${key}`);
      return;
    }
    const problem = `${key} was asked for before the catalogue part "${part}" was loaded: name it in the route's parts (common/src/i18n/catalogueParts.ts)`;
    if (import.meta.env.DEV) throw new Error(problem);
    console.error(problem);
  });
}

const hasAll = (state: LocaleState, parts: Iterable<CataloguePart>) =>
  [...parts].every((part) => state.parts.includes(part));

export function switchLocale(locale: Locale, source: LocaleSource): Promise<void> {
  wanted = { locale, source };
  const current = useLocaleStore.getState();
  if (current.locale === locale && hasAll(current, wantedParts)) {
    // A switch to another language still downloading is overtaken by this one.
    ++latest;
    settling = Promise.resolve();
    if (current.source !== source) useLocaleStore.setState({ source });
    return Promise.resolve();
  }
  return settle();
}

/** Loads `parts` in the language in use (or on its way); a route's code waits for this. */
export function loadParts(parts: readonly CataloguePart[]): Promise<void> {
  for (const part of parts) wantedParts.add(part);
  const current = useLocaleStore.getState();
  if (current.locale === wanted.locale && hasAll(current, parts)) return Promise.resolve();
  return settle();
}

/** `<html lang dir>`: screen readers pick their voice by it, and Arabic lays out right to left. */
export function markDocumentLocale(locale: Locale): void {
  const root = document.documentElement;
  root.lang = locale;
  root.dir = textDirection(locale);
}

/** For code outside components (toasts, stores): the translator of the language in use now. */
export const currentTranslator = (): Translator<MessageKey> => useLocaleStore.getState().translator;

/** The server's messages in the language in use, once the `errors` part has arrived. */
export const currentServerWords = (): Translator | undefined => useLocaleStore.getState().serverWords;
