/**
 * The typed way to call the API, from the route contracts the server declares its routes with
 * (common/src/api/): `api.get('/api/forms/{id}', { params: { id } })`. The path is checked
 * against the contracts at compile time, the parameters, query and body are typed by their
 * schemas, the URL is built (and encoded) from the contract's path, and the answer is parsed with
 * its response schema, so a client and server that drift apart fail loudly here.
 *
 * Errors are the ApiError of apiClient.ts ("{status}: {body text}"), as every other call.
 */
import { API_ROUTES, type ApiRoute } from '@formscribe/common/api/index';
import { type RouteContract, type RouteMethod, urlOf } from '@formscribe/common/api/routeContract';
import type { z } from 'zod';
import { apiRequest, apiSend, type HttpMethod } from './apiClient.ts';

type RouteAt<M extends RouteMethod, P> = Extract<ApiRoute, { method: M; path: P }>;
type PathsOf<M extends RouteMethod> = Extract<ApiRoute, { method: M }>['path'];

/** Coerced path parameters accept anything; a URL segment is a string or a number. */
type Segments<T> = { [K in keyof T]: unknown extends T[K] ? string | number : T[K] };
type Input<S> = S extends z.ZodType ? z.input<S> : never;
type Field<Name extends string, S> = [S] extends [z.ZodType] ? { [K in Name]: Input<S> } : { [K in Name]?: never };

/** What a call passes: the path parameters, query and body its contract declares, nothing else. */
export type CallOptions<C extends RouteContract> = {
  [K in keyof Field<'params', C['params']>]: Segments<Field<'params', C['params']>[K]>;
} & Partial<Field<'query', C['query']>> &
  Field<'body', C['body']>;

/** What a call resolves to: the parsed answer, or nothing for a route without a JSON answer. */
export type CallAnswer<C extends RouteContract> = C['response'] extends z.ZodType ? z.output<C['response']> : undefined;

/** A call's options may be left out when the contract needs none of them. */
type OptionsArgument<C extends RouteContract> =
  object extends CallOptions<C> ? [options?: CallOptions<C>] : [options: CallOptions<C>];

const contracts = new Map(API_ROUTES.map((contract) => [`${contract.method} ${contract.path}`, contract]));

function contractAt(method: RouteMethod, path: string): RouteContract {
  const contract = contracts.get(`${method} ${path}`);
  if (!contract) throw new Error(`No route ${method.toUpperCase()} ${path}`);
  return contract;
}

/** The URL a call goes to: the contract's path with its parameters, and its query. */
export function apiUrl<M extends RouteMethod, P extends PathsOf<M>>(
  method: M,
  path: P,
  ...[options]: OptionsArgument<RouteAt<M, P>>
): string {
  contractAt(method, path);
  const { params, query } = (options ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, string | number | boolean | null | undefined>;
  };
  return urlOf(path, params, query);
}

async function call(method: RouteMethod, path: string, options?: { body?: unknown }): Promise<unknown> {
  const contract = contractAt(method, path);
  const url = apiUrl(method as never, path as never, options as never);
  const verb = method.toUpperCase() as HttpMethod;
  if (!contract.response) return apiSend(verb, url, options?.body);
  return apiRequest(verb, url, { body: options?.body, schema: contract.response });
}

function caller<M extends RouteMethod>(method: M) {
  return <P extends PathsOf<M>>(path: P, ...[options]: OptionsArgument<RouteAt<M, P>>) =>
    call(method, path, options as { body?: unknown }) as Promise<CallAnswer<RouteAt<M, P>>>;
}

export const api = {
  get: caller('get'),
  post: caller('post'),
  put: caller('put'),
  patch: caller('patch'),
  delete: caller('delete'),
};
