/**
 * The page every client address gets (client/dist/index.html) in a language: `<html lang>` set to
 * it, `dir="rtl"` for Arabic, and the chunks of the catalogue parts the page needs in that language
 * named as module preloads (the client waits for them before its first render, client/src/main.tsx;
 * named in the HTML, they download with the startup scripts instead of after them). Those are the
 * startup parts on every page, and the route's own parts on the pages whose address says which
 * route they are (the landing page or dashboard, the owner and entry pages); any other page loads
 * its own parts once its code runs. Each language's page is made once per build and route, with
 * its brotli and gzip copies, so a page in French is sent as compressed as the English one the
 * build wrote.
 */
import fs from 'node:fs/promises';
import zlib from 'node:zlib';
import {
  type CataloguePart,
  ROUTE_PARTS,
  type RouteParts,
  STARTUP_PARTS,
} from '@formscribe/common/i18n/catalogueParts';
import { DEFAULT_LOCALE, type Locale, textDirection } from '@formscribe/common/i18n/locales';
import { routeModuleFiles } from './clientManifest.ts';
import { ENTRY_PAGE_PATH, OWNER_PAGE_PATH } from './pageReadHints.ts';

export interface PageShell {
  html: string;
  /** Compressed copies, by Content-Encoding; absent when the build's own files on disk are the page. */
  encoded?: { br: Buffer; gzip: Buffer };
}

/** A part of a language's catalogue, as client/src/i18n/loadCatalogue.ts imports it lazily. */
const catalogueModule = (locale: Locale, part: CataloguePart) => `src/i18n/catalogues/${locale}/${part}.json`;

/** Which route's parts the page at `pathname` loads, when its address alone says (client/src/router.tsx). */
export function routePartsOfPage(pathname: string): RouteParts | undefined {
  if (pathname === '/') return 'account';
  if (ENTRY_PAGE_PATH.test(pathname)) return 'entry';
  if (OWNER_PAGE_PATH.test(pathname)) return 'owner';
  return undefined;
}

const LANG_OR_DIR = /\s+(?:lang|dir)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;

/** `html` with its `<html>` tag saying `locale` (and right to left for Arabic). */
export function withDocumentLocale(html: string, locale: Locale): string {
  return html.replace(/<html\b([^>]*)>/i, (_tag, attributes: string) => {
    const dir = textDirection(locale) === 'rtl' ? ' dir="rtl"' : '';
    return `<html${attributes.replace(LANG_OR_DIR, '')} lang="${locale}"${dir}>`;
  });
}

const made = new Map<string, { key: string; shell: PageShell }>();

/**
 * The page in `locale` for the build in `distDir` (index.html as `indexFile`), naming the startup
 * parts and `route`'s. English with no catalogue chunk to name (no build manifest) is index.html
 * as built, sent from its own compressed copies.
 */
export async function pageShell(
  indexFile: string,
  distDir: string,
  locale: Locale,
  route: RouteParts | undefined,
): Promise<PageShell> {
  const parts = [...STARTUP_PARTS, ...(route ? ROUTE_PARTS[route] : [])];
  const [stat, ...filesOfParts] = await Promise.all([
    fs.stat(indexFile),
    ...parts.map((part) => routeModuleFiles(distDir, catalogueModule(locale, part))),
  ]);
  const catalogueFiles = [...new Set(filesOfParts.flat())];
  const key = `${indexFile}:${stat.mtimeMs}:${catalogueFiles.join()}`;
  const known = made.get(`${locale}:${route}`);
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
  made.set(`${locale}:${route}`, { key, shell });
  return shell;
}
