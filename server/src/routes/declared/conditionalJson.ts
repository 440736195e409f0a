/**
 * ETags for the public API's JSON reads: a weak ETag of the body, and 304 when the client already
 * holds that body. Koa's `ctx.fresh` is not used: it never answers 304 to a request carrying
 * `Cache-Control: no-cache`, which fetch() adds to conditional requests.
 */
import { createHash } from 'node:crypto';
import type { AppMiddleware } from '../../appTypes.ts';

/** RFC 9110 If-None-Match with weak comparison. */
function matchesIfNoneMatch(header: string, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

export const conditionalJson: AppMiddleware = async (ctx, next) => {
  await next();
  const body: unknown = ctx.body;
  if (ctx.status !== 200 || typeof body !== 'object' || body === null || 'pipe' in body || Buffer.isBuffer(body)) {
    return;
  }
  const etag = `W/"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
  ctx.set('ETag', etag);
  ctx.set('Cache-Control', 'private, no-cache');
  if (matchesIfNoneMatch(ctx.get('If-None-Match'), etag)) ctx.status = 304;
};
