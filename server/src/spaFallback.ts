/** Serves the built client: real files first, then index.html for every other non-API path. */
import fs from 'node:fs';
import path from 'node:path';
import serve from 'koa-static';
import type { AppMiddleware } from './appTypes.ts';

export function spaMiddlewares(distDir: string): AppMiddleware[] {
  const indexFile = path.join(distDir, 'index.html');
  const serveFile = serve(distDir, { index: false, maxage: 0, gzip: false }) as unknown as AppMiddleware;
  const staticFiles: AppMiddleware = (ctx, next) => (ctx.path.startsWith('/api/') ? next() : serveFile(ctx, next));
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
