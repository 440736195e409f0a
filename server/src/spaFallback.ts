/**
 * Serves the built client: real files first, then index.html for every other non-API path.
 * One middleware, and API requests pass straight through it: they are most of the traffic and
 * none of this concerns them.
 * Text files are sent as the brotli or gzip copies the build wrote beside them (name.br, name.gz)
 * when the browser accepts one, so nothing is compressed per request. The page is in the reader's
 * language (`<html lang dir>` and its catalogue chunk named: pageLocale.ts, pageShell.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import serve from 'koa-static';
import type { AppMiddleware } from './appTypes.ts';
import { pageLocale } from './pageLocale.ts';
import { pageHintTags } from './pageReadHints.ts';
import { pageShell, routePartsOfPage } from './pageShell.ts';

export function spaMiddleware(distDir: string): AppMiddleware {
  const indexFile = path.join(distDir, 'index.html');
  const serveFile = serve(distDir, { index: false, maxage: 0, brotli: true, gzip: true }) as unknown as AppMiddleware;
  const staticFiles: AppMiddleware = async (ctx, next) => {
    let passedOn = false;
    try {
      await serveFile(ctx, () => {
        passedOn = true;
        return next();
      });
      // A file was sent, maybe as its compressed copy: caches keep one answer per Accept-Encoding.
      if (!passedOn) ctx.vary('Accept-Encoding');
    } catch (error) {
      // koa-send refuses a path that cannot name a file under client/dist ("..", an absolute
      // path, a broken %-escape) with a 400 or 403 before reading anything. To the visitor that
      // is simply no such file; errors from the handlers after it are not ours to rename.
      if (passedOn || !isRefusedPath(error)) throw error;
      ctx.status = 404;
      ctx.type = 'text';
      ctx.body = 'Not found';
    }
  };
  const fallback: AppMiddleware = async (ctx, next) => {
    await next();
    if (ctx.status !== 404 || ctx.body || ctx.method !== 'GET') return;
    if (!fs.existsSync(indexFile)) {
      ctx.status = 503;
      ctx.body = 'The client is not built yet: run `npm run build`.';
      return;
    }
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.vary('Accept-Encoding');
    // The same address gives a signed-in user a page with their reads named in it (pageReadHints),
    // and each reader a page in their language (pageLocale: the picker's cookie, the browser's).
    ctx.vary('Cookie');
    ctx.vary('Accept-Language');
    const { tags: hints, formLanguage } = await pageHintTags(ctx, distDir);
    const { locale, source } = pageLocale(ctx, formLanguage);
    const shell = await pageShell(indexFile, distDir, locale, routePartsOfPage(ctx.path));
    if (hints || source === 'account' || source === 'form') {
      // Small and per user: sent as is, and kept by nobody's cache but the user's own.
      ctx.set('Cache-Control', 'private, no-cache');
      ctx.body = hints ? shell.html.replace('</head>', `${hints}</head>`) : shell.html;
      return;
    }
    const encoding = PRECOMPRESSED.find(({ name }) => ctx.acceptsEncodings(name, 'identity') === name);
    if (shell.encoded) {
      // A language's own page, compressed once per build (pageShell.ts).
      if (encoding) ctx.set('Content-Encoding', encoding.name);
      ctx.body = encoding ? shell.encoded[encoding.name] : shell.html;
      return;
    }
    const compressed = encoding && `${indexFile}${encoding.extension}`;
    if (encoding && compressed && fs.existsSync(compressed)) {
      ctx.set('Content-Encoding', encoding.name);
      ctx.body = fs.createReadStream(compressed);
    } else {
      ctx.body = fs.createReadStream(indexFile);
    }
  };
  // Hashed assets never change under the same name: cache them for a year.
  const assetCache: AppMiddleware = async (ctx, next) => {
    await next();
    if (ctx.path.startsWith('/assets/') && ctx.status === 200)
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
  };
  return (ctx, next) => {
    if (ctx.path.startsWith('/api/')) return next();
    return fallback(ctx, () => assetCache(ctx, () => staticFiles(ctx, next)));
  };
}

/** The copies the client build writes, in the order they are preferred (koa-send's order too). */
const PRECOMPRESSED = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;

function isRefusedPath(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return status === 400 || status === 403;
}
