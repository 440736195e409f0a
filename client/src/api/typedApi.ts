/**
 * The typed way to call the API, from the route contracts the server declares its routes with
 * (common/src/api/): `const api = apiFor(formsApi)`, then `api.get('/api/forms/{id}', { params: { id } })`.
 * The path is checked at compile time against the contracts of the areas given, the parameters,
 * query and body are typed by their schemas, the URL is built (and encoded) from the contract's
 * path, and the answer is parsed with its response schema, so a client and server that drift apart
 * fail loudly here.
 *
 * Each module names the areas it calls (`apiFor(formsApi, imagesApi)`) rather than one map of every
 * contract: every area's zod schemas would otherwise be built before any page's first render, when
 * most pages call a few areas (issue 29, B13). A test (typedApiAreas.test.ts) keeps the full list
 * out of the client's code.
 *
 * Errors are the ApiError of apiClient.ts ("{status}: {body text}"), as every other call.
 */
import { type RouteContract, type RouteMethod, urlOf } from '@formscribe/common/api/routeContract';
import type { z } from 'zod';
import { apiRequest, apiSend, type HttpMethod } from './apiClient.ts';

/** An area's contracts, as common/src/api/<area>.ts exports them (`formsApi`, `accountApi`, …). */
type ApiArea = Readonly<Record<string, RouteContract>>;
/** Every contract of the areas given (distributed over a union of areas). */
type ContractOf<Area> = Area extends ApiArea ? Area[keyof Area] : never;

type RouteAt<R, M extends RouteMethod, P> = Extract<R, { method: M; path: P }>;
type PathsOf<R extends RouteContract, M extends RouteMethod> = Extract<R, { method: M }>['path'];

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

type Caller<R extends RouteContract, M extends RouteMethod> = <P extends PathsOf<R, M>>(
  path: P,
  ...[options]: OptionsArgument<RouteAt<R, M, P>>
) => Promise<CallAnswer<RouteAt<R, M, P>>>;

/** The URL a call goes to: the contract's path with its parameters, and its query. */
type UrlBuilder<R extends RouteContract> = <M extends RouteMethod, P extends PathsOf<R, M>>(
  method: M,
  path: P,
  ...[options]: OptionsArgument<RouteAt<R, M, P>>
) => string;

/** The typed calls of some areas' contracts, and the URLs they go to. */
export interface TypedApi<R extends RouteContract> {
  get: Caller<R, 'get'>;
  post: Caller<R, 'post'>;
  put: Caller<R, 'put'>;
  patch: Caller<R, 'patch'>;
  delete: Caller<R, 'delete'>;
  url: UrlBuilder<R>;
}

const VERBS: Record<RouteMethod, HttpMethod> = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
};

interface UntypedOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
}

/** The typed API of the areas given: `apiFor(formsApi)`, `apiFor(formsApi, imagesApi)`. */
export function apiFor<const Areas extends readonly ApiArea[]>(...areas: Areas): TypedApi<ContractOf<Areas[number]>> {
  const contracts = new Map<string, RouteContract>();
  for (const area of areas) {
    for (const contract of Object.values(area)) contracts.set(`${contract.method} ${contract.path}`, contract);
  }

  function contractAt(method: RouteMethod, path: string): RouteContract {
    const contract = contracts.get(`${method} ${path}`);
    if (!contract) throw new Error(`No route ${method.toUpperCase()} ${path}`);
    return contract;
  }

  function url(method: RouteMethod, path: string, options?: UntypedOptions): string {
    contractAt(method, path);
    return urlOf(path, options?.params, options?.query);
  }

  async function call(method: RouteMethod, path: string, options?: UntypedOptions): Promise<unknown> {
    const contract = contractAt(method, path);
    const target = urlOf(path, options?.params, options?.query);
    if (!contract.response) return apiSend(VERBS[method], target, options?.body);
    return apiRequest(VERBS[method], target, { body: options?.body, schema: contract.response });
  }

  const caller = (method: RouteMethod) => (path: string, options?: UntypedOptions) => call(method, path, options);
  // The typed signatures are checked at each call site (a generic's conditional types cannot be
  // checked inside it); at run time every call takes this untyped shape.
  const untyped = {
    get: caller('get'),
    post: caller('post'),
    put: caller('put'),
    patch: caller('patch'),
    delete: caller('delete'),
    url,
  };
  return untyped as unknown as TypedApi<ContractOf<Areas[number]>>;
}
