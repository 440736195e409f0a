/**
 * The API reads JSON bodies, and multipart only where a file is uploaded. Form-encoded and
 * text bodies are what a plain HTML form can send from anywhere, so they are refused (415)
 * before any parser or handler sees them, whatever the route does with its body. What each route
 * takes is its contract's `bodyKind` (common/src/api/), found for the request by the route lookup.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { type BodyKind, bodyKindOf } from '@formscribe/common/api/routeContract';
import type { AppContext } from '../appTypes.ts';
import { HttpError } from '../errors.ts';

export const BODY_TYPE_MESSAGES = {
  json: 'Send the request body as JSON',
  upload: 'Send the file as multipart/form-data',
} as const;

/** Resumable-upload chunks (tus) are raw bytes of this type, which @tus/server reads itself. */
const TUS_CHUNK_TYPE = 'application/offset+octet-stream';

/** What the request's declared route reads from its body (its contract's `bodyKind`); JSON when no route matched. */
const bodyKindOfRequest = (ctx: AppContext): BodyKind =>
  ctx.state.route ? bodyKindOf(ctx.state.route.contract) : 'json';

/**
 * Whether the JSON parser must leave the body alone: Stripe signs the exact bytes it sends (a body
 * parsed and serialised again would no longer match its signature), and tus chunks are read by the
 * tus server. The type of a raw body is still judged below like any other.
 */
export const receivesRawBody = (ctx: AppContext) => {
  const kind = bodyKindOfRequest(ctx);
  return kind === 'raw' || kind === 'tus';
};

/** An empty body (`Content-Length: 0`, as fetch sends for a bare POST) has no type to judge. */
export const carriesBody = (headers: IncomingHttpHeaders) =>
  headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;

/** Throws the 415 for a body of a type its route does not take; a request without a body passes. */
export function assertAcceptedBodyType(ctx: AppContext): void {
  if (!carriesBody(ctx.req.headers) || ctx.is('application/json', '+json')) return;
  const kind = bodyKindOfRequest(ctx);
  // One-click unsubscribe (RFC 8058): mail providers post it form-encoded (or multipart); the
  // body is never read, the route acts on the secret token in its path alone.
  if (kind === 'oneClick' && ctx.is('application/x-www-form-urlencoded', 'multipart/form-data')) return;
  if (kind === 'tus' && ctx.is(TUS_CHUNK_TYPE)) return;
  if (kind === 'upload' && ctx.is('multipart/form-data')) return;
  throw new HttpError(415, kind === 'upload' ? BODY_TYPE_MESSAGES.upload : BODY_TYPE_MESSAGES.json);
}
