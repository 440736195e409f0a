/**
 * The API reads JSON bodies, and multipart only where a file is uploaded. Form-encoded and
 * text bodies are what a plain HTML form can send from anywhere, so they are refused (415)
 * before any parser or handler sees them, whatever the route does with its body.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { AppContext } from '../appTypes.ts';
import { HttpError } from '../errors.ts';

/**
 * The routes that receive a file (POST, multipart field `image`, `logo` or a catalogue's `file`),
 * the public API's upload too.
 */
const UPLOAD_ROUTES = [
  /^\/api\/forms\/[^/]+\/images$/,
  /^\/api\/forms\/[^/]+\/catalogue$/,
  /^\/api\/forms\/[^/]+\/logo$/,
  /^\/api\/v1\/forms\/[^/]+\/images$/,
  /^\/api\/v1\/forms\/[^/]+\/catalogue$/,
];

export const BODY_TYPE_MESSAGES = {
  json: 'Send the request body as JSON',
  upload: 'Send the file as multipart/form-data',
} as const;

/**
 * One-click unsubscribe (RFC 8058): mail providers POST `List-Unsubscribe=One-Click` form-encoded
 * (or multipart). The body is never read; the route acts on the secret token in its path alone.
 */
const ONE_CLICK_UNSUBSCRIBE_ROUTE = /^\/api\/unsubscribe\/[^/]+$/;

/**
 * Resumable uploads (tus, routes/imports/resumableUploads.ts): each chunk is raw bytes of type
 * application/offset+octet-stream, which @tus/server reads from the request itself.
 */
const RESUMABLE_UPLOAD_ROUTE = /^\/api\/(v1\/)?forms\/[^/]+\/uploads(\/[^/]+)?$/;
const TUS_CHUNK_TYPE = 'application/offset+octet-stream';

const isUploadRoute = (method: string, path: string) => method === 'POST' && UPLOAD_ROUTES.some((r) => r.test(path));

/**
 * The one route that reads its body as raw bytes, so the JSON parser must leave it alone (see
 * app.ts): Stripe signs the exact bytes it sends, and a body parsed and serialised again would
 * no longer match the Stripe-Signature header. Its type is still judged here like any other.
 */
const RAW_BODY_ROUTES = new Set(['/api/stripe/webhook']);

export const receivesRawBody = (method: string, path: string) =>
  (method === 'POST' && RAW_BODY_ROUTES.has(path)) || RESUMABLE_UPLOAD_ROUTE.test(path);

/** An empty body (`Content-Length: 0`, as fetch sends for a bare POST) has no type to judge. */
export const carriesBody = (headers: IncomingHttpHeaders) =>
  headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;

/** Throws the 415 for a body of a type its route does not take; a request without a body passes. */
export function assertAcceptedBodyType(ctx: AppContext): void {
  if (!carriesBody(ctx.req.headers) || ctx.is('application/json', '+json')) return;
  const oneClick = ctx.method === 'POST' && ONE_CLICK_UNSUBSCRIBE_ROUTE.test(ctx.path);
  if (oneClick && ctx.is('application/x-www-form-urlencoded', 'multipart/form-data')) return;
  if (RESUMABLE_UPLOAD_ROUTE.test(ctx.path) && ctx.is(TUS_CHUNK_TYPE)) return;
  const upload = isUploadRoute(ctx.method, ctx.path);
  if (upload && ctx.is('multipart/form-data')) return;
  throw new HttpError(415, upload ? BODY_TYPE_MESSAGES.upload : BODY_TYPE_MESSAGES.json);
}
