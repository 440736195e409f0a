/**
 * The catalogue's ICU messages are parsed at build time, not in the browser (issue 29, B13): each
 * part's JSON (client/src/i18n/catalogues/<locale>/<part>.json) becomes its messages' ASTs, which
 * FormatJS formats as they are. The client build then does without FormatJS's parser: every import
 * of it resolves to its `no-parser` export (types and type guards only), as FormatJS documents for
 * precompiled messages. That takes the parser (≈ 56 kB of source, twice: FormatJS's copy and the
 * one serverMessages.ts used) off the startup scripts, and the parsing off each first format.
 * Tests and the dev server compile the catalogue the same way but keep the parser (the server's
 * mail and the catalogue checks parse strings).
 */
import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const CATALOGUE_PART = /\/src\/i18n\/catalogues\/([a-z]{2})\/\w+\.json$/;
const PARSER = '@formatjs/icu-messageformat-parser';

/** A part's messages as ASTs; a message that is not valid ICU fails the build, naming its key. */
function compiledPart(json: string, locale: string, file: string): Record<string, MessageFormatElement[]> {
  const messages: unknown = JSON.parse(json);
  if (typeof messages !== 'object' || messages === null) throw new Error(`${file} is not an object of messages`);
  const compiled: Record<string, MessageFormatElement[]> = {};
  for (const [key, message] of Object.entries(messages)) {
    if (typeof message !== 'string') throw new Error(`${file}: ${key} is not a string`);
    try {
      // As FormatJS parses a string message at run time (intl-messageformat: the resolved locale).
      compiled[key] = parse(message, { locale: new Intl.Locale(locale) });
    } catch (error) {
      throw new Error(`${file}: ${key} is not valid ICU: ${error instanceof Error ? error.message : error}`);
    }
  }
  return compiled;
}

export function compileMessages(): Plugin[] {
  return [
    {
      name: 'formscribe:compile-messages',
      // Before Vite's JSON plugin, which then turns the compiled JSON into a module as usual.
      enforce: 'pre',
      transform(code, id) {
        const locale = CATALOGUE_PART.exec(id)?.[1];
        if (!locale) return null;
        return { code: JSON.stringify(compiledPart(code, locale, id)), map: null };
      },
    },
    {
      name: 'formscribe:no-message-parser',
      apply: 'build',
      enforce: 'pre',
      resolveId(source, importer, options) {
        if (source !== PARSER) return null;
        return this.resolve(`${PARSER}/no-parser.js`, importer, { ...options, skipSelf: true });
      },
    },
  ];
}
