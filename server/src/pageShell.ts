/**
 * The page every client address gets (client/dist/index.html) in a language: `<html lang>` set to
 * it, `dir="rtl"` for Arabic, and the language's catalogue chunk named as a module preload (the
 * client waits for it before its first render, client/src/main.tsx; named in the HTML, it
 * downloads with the startup scripts instead of after them). Each language's page is made once
 * per build, with its brotli and gzip copies, so a page in French is sent as compressed as the
 * English one the build wrote.
 */
import fs from 'node:fs/promises';
import zlib from 'node:zlib';
import { DEFAULT_LOCALE, type Locale, textDirection } from '@formscribe/common/i18n/locales';
import { routeModuleFiles } from './clientManifest.ts';

export interface PageShell {
  html: string;
  /** Compressed copies, by Content-Encoding; absent when the build's own files on disk are the page. */
  encoded?: { br: Buffer; gzip: Buffer };
}

/** A language's catalogue, as client/src/i18n/loadCatalogue.ts imports it lazily. */
const catalogueModule = (locale: Locale) => `src/i18n/catalogues/${locale}/index.ts`;

const LANG_OR_DIR = /\s+(?:lang|dir)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;

/** `html` with its `<html>` tag saying `locale` (and right to left for Arabic). */
export function withDocumentLocale(html: string, locale: Locale): string {
  return html.replace(/<html\b([^>]*)>/i, (_tag, attributes: string) => {
    const dir = textDirection(locale) === 'rtl' ? ' dir="rtl"' : '';
    return `<html${attributes.replace(LANG_OR_DIR, '')} lang="${locale}"${dir}>`;
  });
}

const made = new Map<Locale, { key: string; shell: PageShell }>();

/**
 * The page in `locale` for the build in `distDir` (index.html as `indexFile`). English with no
 * catalogue chunk to name is index.html as built, sent from its own compressed copies.
 */
export async function pageShell(indexFile: string, distDir: string, locale: Locale): Promise<PageShell> {
  const [stat, catalogueFiles] = await Promise.all([
    fs.stat(indexFile),
    routeModuleFiles(distDir, catalogueModule(locale)),
  ]);
  const key = `${indexFile}:${stat.mtimeMs}:${catalogueFiles.join()}`;
  const known = made.get(locale);
  if (known?.key === key) return known.shell;
  const built = await fs.readFile(indexFile, 'utf8');
  let shell: PageShell;
  if (locale === DEFAULT_LOCALE && !catalogueFiles.length) shell = { html: built };
  else {
    // crossorigin as on the other module preloads (pageReadHints.ts): what a dynamic import() matches.
    const preloads = catalogueFiles.map((url) => `<link rel="modulepreload" crossorigin href="${url}" />`).join('');
    const html = withDocumentLocale(built, locale).replace('</head>', `${preloads}</head>`);
    shell = { html, encoded: { br: zlib.brotliCompressSync(html), gzip: zlib.gzipSync(html) } };
  }
  made.set(locale, { key, shell });
  return shell;
}
