/**
 * The API words its errors in English, as the specification does (`{ message }`), and common's
 * schemas and message tables word validation the same way on both sides. The reader sees them
 * in their own language: the English text is looked up in the `errors` catalogue, whose English
 * messages are those texts exactly, and the same key is formatted in the language in use. A
 * message the catalogue does not know is shown as it came.
 */
import { type ErrorContext, normalizeErrorMessage } from '@formscribe/common/errorMessages';
import englishErrors from './catalogues/en/errors.json';
import { currentTranslator } from './localeStore.ts';

/**
 * English text → `errors.*` key. English's errors are imported here rather than loaded with the
 * catalogue, so a reader in French needs no English chunk to have the server's words translated.
 */
const englishToKey = new Map(
  Object.entries(englishErrors).map(([key, message]) => [message as string, `errors.${key}`]),
);

/** A message from the server or from common, in the reader's language when the catalogue knows it. */
export function translateServerMessage(message: string): string {
  const key = englishToKey.get(message);
  const translator = currentTranslator();
  return key && translator.has(key) ? translator.t(key) : message;
}

/** What to show for a failed call: the spec's normalised message (errorMessages.ts), translated. */
export function errorText(error: unknown, context?: ErrorContext): string {
  return translateServerMessage(normalizeErrorMessage(error, context));
}
