/**
 * Each part of each language's catalogue is its own chunk, fetched when first used: a page in
 * French never downloads the Arabic words, and the entry page never downloads the owner page's
 * (common/src/i18n/catalogueParts.ts says which page needs which part). The server names the
 * chunks of the parts a page needs in its HTML, so they download beside the startup scripts.
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { CataloguePart } from '@formscribe/common/i18n/catalogueParts';
import type { Locale } from '@formscribe/common/i18n/locales';

/** A part's messages, compiled to ASTs at build time (client/vite/compileMessages.ts). */
export type CompiledMessages = Record<string, MessageFormatElement[]>;

/** `./catalogues/fr/entry.json` → its loader; each file a chunk of its own in the build. */
const PART_FILES = import.meta.glob<CompiledMessages>('./catalogues/*/*.json', { import: 'default' });

const loaded = new Map<string, Promise<CompiledMessages>>();

/** A part's messages in a language, keyed as `t()` asks for them (`entry.submit`). */
export function loadCataloguePart(locale: Locale, part: CataloguePart): Promise<CompiledMessages> {
  const file = `./catalogues/${locale}/${part}.json`;
  let messages = loaded.get(file);
  if (!messages) {
    const load = PART_FILES[file];
    if (!load) return Promise.reject(new Error(`no catalogue file ${file}`));
    messages = load().then((fileMessages) => prefixed(part, fileMessages));
    // A failed download (offline for a moment) may be tried again on the next switch.
    messages.catch(() => loaded.delete(file));
    loaded.set(file, messages);
  }
  return messages;
}

/** A whole language, every part (the catalogue tests compare languages with it). */
export async function loadCatalogue(locale: Locale, parts: readonly CataloguePart[]): Promise<CompiledMessages> {
  return Object.assign({}, ...(await Promise.all(parts.map((part) => loadCataloguePart(locale, part)))));
}

function prefixed(part: CataloguePart, messages: CompiledMessages): CompiledMessages {
  const flat: CompiledMessages = {};
  for (const [key, message] of Object.entries(messages)) flat[`${part}.${key}`] = message;
  return flat;
}
