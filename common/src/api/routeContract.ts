/**
 * What a route of the API is, said once and shared by server and client: its method and path,
 * the schemas of its path parameters, query, body and answer, what kind of body it takes, which
 * path segments are secrets, and how the OpenAPI document describes it. The server mounts its
 * handler from it (server/src/routes/declareRoute.ts); the body-type gate, log redaction, the
 * session's form prefetch, the route-policy test and the OpenAPI document read it; the client's
 * typed `api` (client/src/api/typedApi.ts) builds URLs and parses answers from it.
 *
 * Paths are written as OpenAPI writes them, `/api/forms/{id}`, and mounted as `/api/forms/:id`.
 */
import type { z } from 'zod';

export type RouteMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * What a route reads from the request body:
 * - `json` (the default when `body` is set): a JSON body, checked with `body`;
 * - `none` (the default otherwise): nothing (a JSON body is still accepted and ignored);
 * - `upload`: multipart/form-data with a file in `upload.field`;
 * - `raw`: the exact bytes, unparsed (Stripe signs them);
 * - `oneClick`: RFC 8058 one-click unsubscribe, form-encoded or multipart, never read;
 * - `tus`: resumable-upload chunks (application/offset+octet-stream), read by the tus server.
 */
export type BodyKind = 'json' | 'none' | 'upload' | 'raw' | 'oneClick' | 'tus';

export interface RouteContract {
  method: RouteMethod;
  path: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  bodyKind?: BodyKind;
  /** For `upload`: the multipart field that holds the file. */
  upload?: { field: string };
  /** The JSON answer; absent for files, streams and empty answers. */
  response?: z.ZodType;
  /** The success status when it is not 200 (201 created, 202 accepted, 204 no content). */
  status?: number;
  /** Content types of an answer that is not JSON (files, CSV, NDJSON). */
  produces?: readonly string[];
  /** Path parameters that are secrets (reset, invite, unsubscribe tokens): logged as [redacted]. */
  secrets?: readonly string[];
  /** For the OpenAPI document (routes under /api/v1). */
  summary?: string;
  description?: string;
}

/** Declares a group of contracts, keeping each one's exact type (the typed client needs the literals). */
export function defineRoutes<const Routes extends Record<string, RouteContract>>(routes: Routes): Routes {
  return routes;
}

/** The body kind a contract declares, with its defaults. */
export function bodyKindOf(contract: RouteContract): BodyKind {
  return contract.bodyKind ?? (contract.body ? 'json' : 'none');
}

/** `/api/forms/{id}` → `/api/forms/:id`, as the router writes it. */
export function routerPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

type ParamValue = string | number;

/** The URL of a route with its parameters filled in (encoded) and an optional query string. */
export function urlOf(
  path: string,
  params?: Readonly<Record<string, ParamValue>>,
  query?: Readonly<Record<string, ParamValue | boolean | null | undefined>>,
): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}
