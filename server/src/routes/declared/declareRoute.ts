/**
 * How every route of the API is mounted: `route(contract, access, handler)`. The contract
 * (common/src/api/) says what the route takes and answers; `access` says who may call it (its
 * policy, or why it is public); the handler does the work and returns the answer. Everything
 * that must know a route's facts reads them from the one list this fills (`declaredRoutes`):
 * the route lookup that matches each request once, for the gates and for the dispatcher that
 * runs the route (routeLookup.ts, dispatchRoutes.ts), the route-policy test, and the OpenAPI
 * document.
 *
 * In order, for each request: the caller (401 without a session; the API token's checks for a
 * token route), the path parameters, query and JSON body checked by their schemas (400), the
 * policy (404/403 from the policy), the handler, and its answer checked by `respond`.
 *
 *   route(formsApi.getForm, { policy: viewableForm }, (ctx, { user, resource: form }) =>
 *     presentForm(form, formViewer(ctx, user, form)));
 */
import { bodyKindOf, type RouteContract } from '@formscribe/common/api/routeContract';
import type { ApiTokenScope } from '@formscribe/common/schemas/apiTokens';
import compose from 'koa-compose';
import type { z } from 'zod';
import type { AppContext, AppMiddleware, RouteAccessSummary } from '../../appTypes.ts';
import { apiTokenAuth } from '../../middlewares/apiToken.ts';
import { parseInput } from '../../middlewares/validate.ts';
import type { User } from '../../models/index.ts';
import { requireUser } from '../../policies/signedIn.ts';
import { respond } from '../respond.ts';
import { conditionalJson } from './conditionalJson.ts';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What the handler and the policy receive: the request's input, checked by the contract's schemas. */
export interface RouteInput<C extends RouteContract> {
  params: Parsed<C['params']>;
  query: Parsed<C['query']>;
  /** Only a JSON body is read here; uploads, raw bytes and the rest are read by the route itself. */
  body: C extends { bodyKind: 'upload' | 'raw' | 'oneClick' | 'tus' } ? undefined : Parsed<C['body']>;
}

/** The answer a handler returns: the response schema's input, or nothing (it set `ctx.body` itself). */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler without an answer returns nothing (an async function's void).
export type RouteAnswer<C extends RouteContract> = C['response'] extends z.ZodType ? z.input<C['response']> : void;

/**
 * A policy: loads what the route acts on for this user, or throws the 404/403 that says the user
 * may not. `formParam` names the path parameter holding the form it loads (the session prefetches
 * that form with the session, in one statement).
 */
export interface RoutePolicy<Input, Resource> {
  (ctx: AppContext, user: User, input: Input): Promise<Resource>;
  formParam?: string;
}

interface Common {
  /** Middleware run after the caller is known and before the input is read (rate limits, upload receipt). */
  before?: readonly AppMiddleware[];
}
/** Open to anyone, signed in or not; the reason is the declaration's proof. */
export interface PublicAccess extends Common {
  public: string;
}
/** Signed in (or an API token of `token`'s scope), acting on the caller's own account or lists. */
export interface SelfAccess extends Common {
  policy: 'self';
  token?: ApiTokenScope;
}
/** Signed in (or a token), acting on a resource its policy loads and gives the handler. */
export interface ResourceAccess<Input, Resource> extends Common {
  policy: RoutePolicy<Input, Resource>;
  token?: ApiTokenScope;
}

/**
 * As ResourceAccess, but the policy answers before the query and body are read: it sees only the
 * path's parameters, and a caller who may not act gets its 404/403 whatever they send, never a 400
 * describing what a permitted caller may ask (the figures' `limit`, an import's URL).
 */
export interface PolicyFirstAccess<Params, Resource> extends Common {
  policy: RoutePolicy<{ params: Params }, Resource>;
  policyFirst: true;
  token?: ApiTokenScope;
}

type Handler<C extends RouteContract, Extra> = (
  ctx: AppContext,
  input: RouteInput<C> & Extra,
) => Promise<RouteAnswer<C>> | RouteAnswer<C>;

/** One declared route, as the lookup, the policy test and the OpenAPI document read it. */
export interface DeclaredRoute {
  contract: RouteContract;
  access: RouteAccessSummary;
  /**
   * The route's whole chain (caller, `before`, input, policy, handler), run by the dispatcher
   * (dispatchRoutes.ts) once the lookup has matched the request. Absent for a route another
   * server answers (`routeServedElsewhere`).
   */
  handle?: AppMiddleware;
}

/** Every declared route, in the order declared: the lookup matches requests against them in this order. */
export const declaredRoutes: DeclaredRoute[] = [];

/** A form-scoped path (`/api/forms/{id}/…`) names its form in its first parameter. */
const FORM_SCOPED_PATH = /^\/api\/forms\/\{([^}]+)\}/;

function summaryOf(
  contract: RouteContract,
  access: PublicAccess | SelfAccess | ResourceAccess<never, unknown>,
): RouteAccessSummary {
  if ('public' in access) return { public: access.public };
  const token = access.token ? { token: access.token } : {};
  if (access.policy === 'self') return { policy: 'self', ...token };
  // A session route under /api/forms/{id} loads that form for its policy: the session reads it
  // in the same statement (middlewares/session.ts). Token routes have no session to join it to.
  const formParam = access.policy.formParam ?? (access.token ? undefined : FORM_SCOPED_PATH.exec(contract.path)?.[1]);
  return { policy: 'resource', ...token, ...(formParam ? { formParam } : {}) };
}

/** The path's parameters, as the lookup matched them (routeLookup.ts). */
function readParams(ctx: AppContext, contract: RouteContract): unknown {
  return contract.params ? parseInput(contract.params, ctx.state.route?.params ?? {}) : undefined;
}

function readInput<C extends RouteContract>(ctx: AppContext, contract: C) {
  return {
    params: readParams(ctx, contract),
    query: contract.query ? parseInput(contract.query, ctx.query) : undefined,
    body: contract.body && bodyKindOf(contract) === 'json' ? parseInput(contract.body, ctx.request.body) : undefined,
  } as RouteInput<C>;
}

/**
 * A public route's input with its caller, if signed in, built as one object: `{ ...input, user }`
 * cost about a microsecond per request in V8 (profileB1 / the liveness probe), most of this layer.
 */
function publicInput(ctx: AppContext, contract: RouteContract) {
  const { params, query, body } = readInput(ctx, contract);
  return { params, query, body, user: ctx.state.user };
}

function answer(ctx: AppContext, contract: RouteContract, result: unknown): void {
  if (contract.response) respond(ctx, contract.response, result, contract.status);
  else if (contract.status !== undefined && ctx.body === undefined) ctx.status = contract.status;
}

/** Every access but the public one: the caller must be signed in (or hold a token). */
type SignedInAccess =
  | SelfAccess
  | ResourceAccess<RouteInput<RouteContract>, unknown>
  | PolicyFirstAccess<unknown, unknown>;

export function route<C extends RouteContract>(
  contract: C,
  access: PublicAccess,
  handler: Handler<C, { user: User | undefined }>,
): void;
export function route<C extends RouteContract>(
  contract: C,
  access: SelfAccess,
  handler: Handler<C, { user: User }>,
): void;
export function route<C extends RouteContract, Resource>(
  contract: C,
  access: PolicyFirstAccess<RouteInput<C>['params'], Resource>,
  handler: Handler<C, { user: User; resource: Resource }>,
): void;
export function route<C extends RouteContract, Resource>(
  contract: C,
  access: ResourceAccess<RouteInput<C>, Resource>,
  handler: Handler<C, { user: User; resource: Resource }>,
): void;
export function route(
  contract: RouteContract,
  access: PublicAccess | SignedInAccess,
  // Each overload's handler is one of these; the input built below is the one its overload names.
  handler: (ctx: AppContext, input: never) => unknown,
): void {
  const before = access.before ?? [];
  const caller: AppMiddleware[] = [];
  if (!('public' in access) && access.token) {
    caller.push(apiTokenAuth(access.token));
    if (contract.method === 'get') caller.push(conditionalJson);
  } else if (!('public' in access) && before.length) {
    // A signed-out caller is refused before the route's own middleware (its rate limit) counts
    // them; without any, answerSignedIn below refuses them first thing.
    caller.push((ctx, next) => {
      requireUser(ctx);
      return next();
    });
  }
  const answerSignedIn = async (ctx: AppContext, access: SignedInAccess) => {
    const signedIn = requireUser(ctx);
    const { policy } = access;
    // A policy-first route's policy sees only the path; the query and body are read after it.
    const first =
      policy !== 'self' && 'policyFirst' in access
        ? await policy(ctx, signedIn, { params: readParams(ctx, contract) } as never)
        : undefined;
    const input = readInput(ctx, contract);
    const resource = policy === 'self' || 'policyFirst' in access ? first : await policy(ctx, signedIn, input);
    // Named rather than spread: a spread into a literal costs more than the rest of the layer.
    const { params, query, body } = input;
    answer(ctx, contract, await handler(ctx, { params, query, body, user: signedIn, resource } as never));
  };
  // Not async: a public route's handler that answers at once (the liveness probe) is answered in
  // the same turn, without a promise and a tick of this layer's own.
  const answerRequest: AppMiddleware = (ctx) => {
    if (!('public' in access)) return answerSignedIn(ctx, access);
    const result = handler(ctx, publicInput(ctx, contract) as never);
    if (result instanceof Promise) return result.then((answered) => answer(ctx, contract, answered));
    answer(ctx, contract, result);
  };
  const chain = [...caller, ...before, answerRequest];
  declaredRoutes.push({
    contract,
    access: summaryOf(contract, access),
    // One middleware needs no composing (most routes: no token, no `before`).
    handle: chain.length === 1 ? answerRequest : compose(chain),
  });
}

/**
 * Declares a route another server answers on its own (the tus server's resumable uploads, whose
 * HEAD, OPTIONS and raw PATCH chunks are its protocol): it is listed like any other, so the gates
 * read its body kind, the policy test walks it and the OpenAPI document describes it, but nothing
 * is mounted here: the caller mounts the other server beside the routes (routes/index.ts).
 */
export function routeServedElsewhere(
  contract: RouteContract,
  access: SelfAccess | ResourceAccess<never, unknown>,
): void {
  declaredRoutes.push({ contract, access: summaryOf(contract, access) });
}
