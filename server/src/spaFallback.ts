/** Serves the built client: real files first, then index.html for every other non-API path. */
import fs from 'node:fs';
import path from 'node:path';
import serve from 'koa-static';
import type { AppMiddleware } from './appTypes.ts';

export function spaMiddlewares(distDir: string): AppMiddleware[] {
  const indexFile = path.join(distDir, 'index.html');
  const serveFile = serve(distDir, { index: false, maxage: 0, gzip: false }) as unknown as AppMiddleware;
  const staticFiles: AppMiddleware = async (ctx, next) => {
    if (ctx.path.startsWith('/api/')) return next();
    let passedOn = false;
    try {
      await serveFile(ctx, () => {
        passedOn = true;
        return next();
      });
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
    if (ctx.status !== 404 || ctx.body || ctx.method !== 'GET' || ctx.path.startsWith('/api/')) return;
    if (!fs.existsSync(indexFile)) {
      ctx.status = 503;
      ctx.body = 'The client is not built yet: run `npm run build`.';
      return;
    }
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = fs.createReadStream(indexFile);
  };
  // Hashed assets never change under the same name: cache them for a year.
  const assetCache: AppMiddleware = async (ctx, next) => {
    await next();
    if (ctx.path.startsWith('/assets/') && ctx.status === 200)
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
  };
  return [fallback, assetCache, staticFiles];
}

function isRefusedPath(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return status === 400 || status === 403;
}
