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
 */

import { TYPE } from '@formatjs/icu-messageformat-parser';
import { type ErrorContext, normalizeErrorMessage } from '@formscribe/common/errorMessages';
import type { CompiledMessages } from './loadCatalogue.ts';
import { currentServerWords, loadParts, useLocaleStore } from './localeStore.ts';

interface TemplatedMessage {
  key: string;
  pattern: RegExp;
  argumentNames: string[];
  /** How much fixed text the message has: the more, the more specific its pattern. */
  fixedLength: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * English's errors, compiled to ASTs like every catalogue part (client/vite/compileMessages.ts),
 * are imported here rather than loaded with the catalogue, so a reader in French needs no English
 * chunk to have the server's words translated.
 */
const englishErrors = Object.values(
  import.meta.glob<CompiledMessages>('./catalogues/en/errors.json', { eager: true, import: 'default' }),
)[0];

/**
 * Each message is read once: fixed text goes to `exactKeys`; text with simple arguments becomes a
 * pattern. ICU escapes ('<') were undone by the parser at build time, so the text compared is the
 * text the server sends.
 */
function readEnglishErrors(): { exactKeys: Map<string, string>; templated: TemplatedMessage[] } {
  const exactKeys = new Map<string, string>();
  const templated: TemplatedMessage[] = [];
  for (const [name, elements] of Object.entries(englishErrors ?? {})) {
    const key = `errors.${name}`;
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

const { exactKeys, templated } = readEnglishErrors();

/** The `errors.*` key of an English message and the values read out of it, or null when unknown. */
export function matchServerMessage(message: string): { key: string; values: Record<string, string> } | null {
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
 * A message from the server or from common, in the reader's language when the catalogue knows it.
 * The `errors` part loads once the page has settled (main.tsx); a message shown before then is
 * shown in English, has the part loaded at once, and every component then renders again, so the
 * text switches to the reader's language.
 */
export function translateServerMessage(message: string): string {
  const found = matchServerMessage(message);
  const words = currentServerWords();
  if (!words && found) loadServerWordsNow();
  return found && words?.has(found.key) ? words.t(found.key, found.values) : message;
}

let loadingServerWords = false;

function loadServerWordsNow(): void {
  if (loadingServerWords) return;
  loadingServerWords = true;
  loadParts(['errors'])
    // A new translator object: every component reading it (useT) renders again with the words.
    .then(() => useLocaleStore.setState((state) => ({ translator: { ...state.translator } })))
    .catch(() => {})
    .finally(() => {
      loadingServerWords = false;
    });
}

/** What to show for a failed call: the spec's normalised message (errorMessages.ts), translated. */
export function errorText(error: unknown, context?: ErrorContext): string {
  return translateServerMessage(normalizeErrorMessage(error, context));
}
