/**
 * Each language is its own chunk, fetched when first used: a page in French never downloads the
 * Arabic catalogue, and English readers download none of the others. The server names the chunk
 * of the language it expects in the page's HTML, so it downloads beside the startup scripts.
 */
import type { Locale } from '@formscribe/common/i18n/locales';
import { flattenCatalogue, type NestedCatalogue } from './messageKeys.ts';

const LOADERS: Record<Locale, () => Promise<{ default: NestedCatalogue }>> = {
  en: () => import('./catalogues/en/index.ts'),
  es: () => import('./catalogues/es/index.ts'),
  fr: () => import('./catalogues/fr/index.ts'),
  pt: () => import('./catalogues/pt/index.ts'),
  ar: () => import('./catalogues/ar/index.ts'),
};

const loaded = new Map<Locale, Promise<Record<string, string>>>();

export function loadCatalogue(locale: Locale): Promise<Record<string, string>> {
  let catalogue = loaded.get(locale);
  if (!catalogue) {
    catalogue = LOADERS[locale]().then((module) => flattenCatalogue(module.default));
    // A failed download (offline for a moment) may be tried again on the next switch.
    catalogue.catch(() => loaded.delete(locale));
    loaded.set(locale, catalogue);
  }
  return catalogue;
}
