/**
 * The message keys the interface may ask for, from the English catalogue: `t('entry.submit')`
 * fails to compile when English has no such message. The other languages are held to English's
 * keys by the catalogue test (catalogues.test.ts).
 */
import type english from './catalogues/en/index.ts';

type Catalogue = typeof english;

export type Namespace = keyof Catalogue & string;

export type MessageKey = {
  [N in Namespace]: `${N}.${keyof Catalogue[N] & string}`;
}[Namespace];

export type NestedCatalogue = Record<string, Record<string, string>>;

/** `{ entry: { submit } }` → `{ 'entry.submit' }`: the flat form the formatter looks keys up in. */
export function flattenCatalogue(nested: NestedCatalogue): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [namespace, messages] of Object.entries(nested))
    for (const [key, message] of Object.entries(messages)) flat[`${namespace}.${key}`] = message;
  return flat;
}
