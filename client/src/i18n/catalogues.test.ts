/**
 * Every language has every message of the English catalogue, and no other, each valid ICU taking
 * the same arguments as English's (catalogueCheck.ts), compared as the files write them; each part
 * of each loads as its own chunk, its messages compiled to ASTs (client/vite/compileMessages.ts),
 * and formats as the text says.
 */
import { catalogueProblems } from '@formscribe/common/i18n/catalogueCheck';
import { CATALOGUE_PARTS } from '@formscribe/common/i18n/catalogueParts';
import { LOCALES, type Locale } from '@formscribe/common/i18n/locales';
import { createTranslator } from '@formscribe/common/i18n/translator';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from './loadCatalogue.ts';

/** The catalogue files' own text, before the build compiles them. */
const FILE_TEXTS = import.meta.glob<string>('./catalogues/*/*.json', { query: '?raw', import: 'default', eager: true });

function writtenCatalogue(locale: Locale): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const part of CATALOGUE_PARTS) {
    const written: Record<string, string> = JSON.parse(FILE_TEXTS[`./catalogues/${locale}/${part}.json`] ?? '{}');
    for (const [key, message] of Object.entries(written)) messages[`${part}.${key}`] = message;
  }
  return messages;
}

describe('the interface catalogues', () => {
  it.each(LOCALES.filter((locale) => locale !== 'en'))(
    '%s has every English message, with the same arguments',
    (locale) => {
      expect(catalogueProblems(writtenCatalogue('en'), writtenCatalogue(locale), locale)).toEqual([]);
    },
  );

  it('loads each message compiled, the key set the files write', async () => {
    const loaded = await loadCatalogue('fr', CATALOGUE_PARTS);
    expect(Object.keys(loaded).sort()).toEqual(Object.keys(writtenCatalogue('fr')).sort());
    expect(loaded['common.save']).toEqual([{ type: 0, value: 'Enregistrer' }]);
  });

  it('English is not empty and every message formats', async () => {
    const english = await loadCatalogue('en', CATALOGUE_PARTS);
    expect(Object.keys(english).length).toBeGreaterThan(20);
    const t = createTranslator('en', english, (key) => {
      throw new Error(`missing ${key}`);
    });
    expect(t.t('common.pageOf', { page: 2, pages: 7 })).toBe('Page 2 of 7');
  });

  it('formats numbers and dates by the language, not a fixed one', async () => {
    const french = createTranslator('fr', await loadCatalogue('fr', CATALOGUE_PARTS));
    const arabic = createTranslator('ar', await loadCatalogue('ar', CATALOGUE_PARTS));
    expect(french.number(12345.5)).toBe('12\u202f345,5');
    expect(french.t('common.pageOf', { page: 2, pages: 7 })).toBe('Page 2 sur 7');
    expect(arabic.number(0.5, { style: 'percent' })).toMatch(/٥٠|50/);
    expect(french.date('2026-03-01T12:00:00Z', { dateStyle: 'long', timeZone: 'UTC' })).toBe('1 mars 2026');
  });
});
