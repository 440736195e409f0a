/**
 * The API words its errors in English, as the specification does (`{ message }`), and common's
 * schemas and message tables word validation the same way on both sides. The reader sees them
 * in their own language: the English text is looked up in the `errors` catalogue, whose English
 * messages are those texts exactly, and the same key is formatted in the language in use. A
 * message the catalogue does not know is shown as it came.
 *
 * Some messages are built from values (`Line 12 of the catalogue has no fileName`): their English
 * catalogue message takes simple `{arguments}`, and the text is matched by a pattern made from it,
 * each argument capturing what stands in its place.
 *
 * No page needs these words for its first paint: the `errors` part in the reader's language and
 * English's (to read the server's text) load once the page has settled (main.tsx), or at once when
 * a message is shown earlier; until they arrive, the server's English text is shown, and every
 * component renders again when they do, so the text switches to the reader's language.
 */

import { TYPE } from '@formatjs/icu-messageformat-parser';
import { type ErrorContext, normalizeErrorMessage } from '@formscribe/common/errorMessages';
import { type CompiledMessages, loadCataloguePart } from './loadCatalogue.ts';
import { currentServerWords, loadParts, useLocaleStore } from './localeStore.ts';

interface TemplatedMessage {
  key: string;
  pattern: RegExp;
  argumentNames: string[];
  /** How much fixed text the message has: the more, the more specific its pattern. */
  fixedLength: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface EnglishErrors {
  exactKeys: Map<string, string>;
  templated: TemplatedMessage[];
}

/**
 * English's `errors` part (compiled to ASTs like every part, client/vite/compileMessages.ts), each
 * message read once: fixed text goes to `exactKeys`; text with simple arguments becomes a pattern.
 * ICU escapes ('<') were undone by the parser at build time, so the text compared is the text the
 * server sends.
 */
function readEnglishErrors(englishErrors: CompiledMessages): EnglishErrors {
  const exactKeys = new Map<string, string>();
  const templated: TemplatedMessage[] = [];
  for (const [key, elements] of Object.entries(englishErrors)) {
    if (elements.every((element) => element.type === TYPE.literal)) {
      exactKeys.set(elements.map((element) => element.value).join(''), key);
      continue;
    }
    let source = '';
    let fixedLength = 0;
    const argumentNames: string[] = [];
    for (const element of elements) {
      if (element.type === TYPE.literal) {
        source += escapeRegExp(element.value);
        fixedLength += element.value.length;
      } else if (element.type === TYPE.argument) {
        source += '(.+?)';
        argumentNames.push(element.value);
      } else {
        // Plurals and other formatted arguments cannot be read back from the text.
        source = '';
        break;
      }
    }
    if (source) templated.push({ key, pattern: new RegExp(`^${source}$`, 's'), argumentNames, fixedLength });
  }
  templated.sort((a, b) => b.fixedLength - a.fixedLength);
  return { exactKeys, templated };
}

let english: EnglishErrors | undefined;
let loading: Promise<void> | undefined;

/** The server's words: the `errors` part in the language in use (and in any later one), and English's. */
export function loadServerWords(): Promise<void> {
  loading ??= Promise.all([
    loadParts(['errors']),
    loadCataloguePart('en', 'errors').then((englishErrors) => {
      english = readEnglishErrors(englishErrors);
    }),
  ]).then(
    () => {},
    (error: unknown) => {
      // Offline for a moment: the next message shown asks again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The `errors.*` key of an English message and the values read out of it; null when unknown, or
 * before English's errors have arrived (loadServerWords).
 */
export function matchServerMessage(message: string): { key: string; values: Record<string, string> } | null {
  if (!english) return null;
  const { exactKeys, templated } = english;
  const exact = exactKeys.get(message);
  if (exact) return { key: exact, values: {} };
  for (const { key, pattern, argumentNames } of templated) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values: Record<string, string> = {};
    argumentNames.forEach((name, index) => {
      values[name] = match[index + 1] ?? '';
    });
    return { key, values };
  }
  return null;
}

/**
 * A message from the server or from common, in the reader's language when the catalogue knows it;
 * as it came (English) while the server's words are still on their way, which it then sends for.
 */
export function translateServerMessage(message: string): string {
  const words = currentServerWords();
  if (!words || !english) {
    renderAgainWithServerWords();
    return message;
  }
  const found = matchServerMessage(message);
  return found && words.has(found.key) ? words.t(found.key, found.values) : message;
}

let renderingAgain = false;

function renderAgainWithServerWords(): void {
  if (renderingAgain) return;
  renderingAgain = true;
  loadServerWords()
    // A new translator object: every component reading it (useT) renders again with the words.
    .then(() => useLocaleStore.setState((state) => ({ translator: { ...state.translator } })))
    .catch(() => {})
    .finally(() => {
      renderingAgain = false;
    });
}

/** What to show for a failed call: the spec's normalised message (errorMessages.ts), translated. */
export function errorText(error: unknown, context?: ErrorContext): string {
  return translateServerMessage(normalizeErrorMessage(error, context));
}
