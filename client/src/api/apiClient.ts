/**
 * The one way the client talks to the API. The session travels in an httpOnly cookie, so
 * requests carry credentials and never an Authorization header (the spec's "Bearer user id"
 * would authenticate nobody; see docs/architecture.md, 'Security baseline').
 *
 * A non-success response raises an ApiError whose message is "{status}: {body text}" (the
 * status text when the body is empty), as spec section 8 requires; the helpers in
 * @formscribe/common/errorMessages read the status and server message back out of it.
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, bodyText: string) {
    super(`${status}: ${bodyText}`);
    this.name = 'ApiError';
    this.status = status;
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const bodyText = (await response.text()) || response.statusText;
  throw new ApiError(response.status, bodyText);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

/** JSON bodies, or FormData for a small file (the browser sets the multipart type and boundary). */
function send(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const isJson = body !== undefined && !(body instanceof FormData);
  return fetch(url, {
    method,
    credentials: 'same-origin',
    headers: isJson
      ? { Accept: 'application/json', 'Content-Type': 'application/json' }
      : { Accept: 'application/json' },
    body: body instanceof FormData ? body : isJson ? JSON.stringify(body) : undefined,
  });
}

/**
 * Sends a request and returns the parsed JSON body, checked against `schema` so a contract
 * drift between client and server fails loudly here rather than deep inside a component.
 */
export async function apiRequest<Schema extends z.ZodType>(
  method: HttpMethod,
  url: string,
  options: { body?: unknown; schema: Schema },
): Promise<z.output<Schema>> {
  const response = await send(method, url, options.body);
  await throwIfNotOk(response);
  return options.schema.parse(await readJson(response));
}

/** For calls whose answer carries nothing we need (e.g. 204 No Content on logout). */
export async function apiSend(method: HttpMethod, url: string, body?: unknown): Promise<void> {
  const response = await send(method, url, body);
  await throwIfNotOk(response);
}

/** A read; every non-success answer, 401 included, raises an ApiError (spec: "reads default to raising on 401"). */
export async function apiGet<Schema extends z.ZodType>(url: string, schema: Schema): Promise<z.output<Schema>> {
  const response = await send('GET', url);
  await throwIfNotOk(response);
  return schema.parse(await readJson(response));
}

/** Reads join the query key with '/' (spec section 7): ['/api/forms', 3, 'stats'] → /api/forms/3/stats. */
export function queryKeyToUrl(queryKey: readonly unknown[]): string {
  return queryKey.map(String).join('/');
}
