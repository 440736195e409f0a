/**
 * The public API, /api/v1, for personal access tokens (middlewares/apiToken.ts). Every route is
 * declared through `v1Route`, which puts the token check in front of the handler, gives JSON reads
 * an ETag (304 on If-None-Match), and records the route for the OpenAPI document
 * (openApiDocument.ts) from the same zod schemas that validate it: one source for both.
 *
 * How to add a route: in a file of this folder (imported by ./index.ts), call
 *
 *   v1Route(
 *     { method: 'get', path: '/api/v1/forms/:id/things', summary: 'A form’s things', scope: 'read',
 *       params: idParamSchema, query: thingsQuerySchema, response: { schema: thingsResponseSchema } },
 *     async (ctx, caller) => {
 *       const { id } = parseInput(idParamSchema, ctx.params);
 *       const form = await loadManagedForm(ctx, caller.user, id); // the browser's policy, always
 *       respond(ctx, thingsResponseSchema, await things(form));
 *     },
 *   );
 *
 * `scope: 'read_write'` for anything that changes data. Never add to `v1Router` directly: a
 * route added that way has no token check (the tests walk the router and would fail it).
 */
import { createHash } from 'node:crypto';
import type { ApiTokenScope } from '@formscribe/common/schemas/apiTokens';
import Router, { type RouterContext } from '@koa/router';
import type { z } from 'zod';
import type { AppContextExtras, AppState } from '../../appTypes.ts';
import { type ApiCaller, apiCaller, apiTokenAuth } from '../../middlewares/apiToken.ts';

export type V1Context = RouterContext<AppState, AppContextExtras>;
export type V1Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** What the OpenAPI document says about a route; the schemas are the ones the handler validates with. */
export interface V1Operation {
  method: V1Method;
  /** Koa syntax (`:id`); the document shows `{id}`. */
  path: string;
  summary: string;
  description?: string;
  /** `public`: no token (the document itself). */
  scope: ApiTokenScope | 'public';
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body. */
  body?: z.ZodType;
  /** A multipart upload: the field holding the file. */
  upload?: { field: string };
  response: {
    status?: number;
    description?: string;
    /** The JSON body's schema; absent for files and streams, which name their content types. */
    schema?: z.ZodType;
    contentTypes?: readonly string[];
  };
}

export const v1Router = new Router<AppState, AppContextExtras>();

/** Every operation declared with v1Route, in order: the OpenAPI document's one source. */
export const v1Operations: V1Operation[] = [];

/**
 * RFC 9110 If-None-Match with weak comparison. Koa's `ctx.fresh` is not used: it never answers 304
 * to a request carrying `Cache-Control: no-cache`, which fetch() adds to conditional requests.
 */
function matchesIfNoneMatch(header: string, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** A JSON read answers with a weak ETag of its body, and 304 when the client has that body already. */
async function conditionalJson(ctx: V1Context, next: () => Promise<unknown>): Promise<void> {
  await next();
  const body: unknown = ctx.body;
  if (ctx.status !== 200 || typeof body !== 'object' || body === null || 'pipe' in body || Buffer.isBuffer(body)) {
    return;
  }
  const etag = `W/"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
  ctx.set('ETag', etag);
  ctx.set('Cache-Control', 'private, no-cache');
  if (matchesIfNoneMatch(ctx.get('If-None-Match'), etag)) ctx.status = 304;
}

function declare(operation: V1Operation): void {
  if (!operation.path.startsWith('/api/v1/')) throw new Error(`v1 routes live under /api/v1/: ${operation.path}`);
  v1Operations.push(operation);
}

/** Declares a /api/v1 route for tokens: token check with its scope, ETag on reads, and its place in the document. */
export function v1Route(
  operation: V1Operation & { scope: ApiTokenScope },
  handler: (ctx: V1Context, caller: ApiCaller) => Promise<void>,
): void {
  declare(operation);
  const reads = operation.method === 'get' ? [conditionalJson] : [];
  v1Router[operation.method](operation.path, apiTokenAuth(operation.scope), ...reads, (ctx) =>
    handler(ctx, apiCaller(ctx)),
  );
}

/**
 * Describes in the document a /api/v1 route another router serves with its own token check: the
 * resumable uploads (routes/imports/resumableUploads.ts), a tus protocol endpoint whose HEAD and
 * raw PATCH bodies `v1Route` cannot declare.
 */
export function v1DocumentedRoute(operation: V1Operation & { scope: ApiTokenScope }): void {
  declare(operation);
}

/** Declares a /api/v1 route anyone may call (the document describing the API). */
export function v1PublicRoute(
  operation: V1Operation & { scope: 'public' },
  handler: (ctx: V1Context) => Promise<void>,
) {
  declare(operation);
  v1Router[operation.method](operation.path, handler);
}
