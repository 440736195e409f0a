/**
 * Matches a request to its declared route once, before anything else reads it: requestGates.ts
 * puts the match on `ctx.state.route`, the gates in front of the route (body types, raw bodies,
 * the session's form prefetch, log redaction) read its declared facts, and the dispatcher
 * (dispatchRoutes.ts) runs its chain with the parameters found here. Matched as @koa/router
 * matched: by method (HEAD by the GET route), case-insensitively, a trailing slash allowed,
 * parameters one segment each, the first declared route winning. Routes are grouped by their first
 * segment after /api/ (routeGroups.ts), so a request tries only its group's routes.
 */
import type { MatchedRoute } from '../../appTypes.ts';
import { routeGroupOf } from '../routeGroups.ts';
import type { DeclaredRoute } from './declareRoute.ts';

interface CompiledRoute {
  route: DeclaredRoute;
  method: string;
  pattern: RegExp;
  paramNames: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(route: DeclaredRoute): CompiledRoute {
  const paramNames: string[] = [];
  const source = route.contract.path
    .split('/')
    .map((segment) => {
      const param = /^\{([^}]+)\}$/.exec(segment);
      if (!param?.[1]) return escapeRegExp(segment);
      paramNames.push(param[1]);
      return '([^/]+?)';
    })
    .join('/');
  return { route, method: route.contract.method.toUpperCase(), pattern: new RegExp(`^${source}/?$`, 'i'), paramNames };
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export interface RouteLookup {
  /** The route a method and path are for, with the path's parameters. */
  find(method: string, path: string): MatchedRoute | undefined;
  /** Whether any route lives in the path's group (the dispatcher answers 501 only there, as the routers did). */
  knowsGroupOf(path: string): boolean;
  /** Every method some route answers this path with (HEAD wherever GET): a 405's and OPTIONS' Allow. */
  methodsFor(path: string): string[];
}

function matchedRoute(route: DeclaredRoute, params: Record<string, string>): MatchedRoute {
  const { contract, access, handle } = route;
  // Made for every request to a path with parameters: added, not spread (a spread costs far more).
  const matched: MatchedRoute = { contract, access, params };
  if (handle) matched.handle = handle;
  return matched;
}

const NO_PARAMS: Record<string, string> = Object.freeze({});

/**
 * Paths without parameters, as declared, to their one match (shared: nothing writes to a match):
 * most requests to them (probes, /api/user) are found by one map lookup, with no expression run
 * and nothing allocated. A path is listed only when its own route is the first that matches it,
 * so the map answers what the ordered search below would; any other spelling of it (another case,
 * a trailing slash) takes that search.
 */
function exactPaths(routes: readonly DeclaredRoute[], candidatesFor: (path: string) => CompiledRoute[]) {
  // By method, then path: the request's own path string is the key (no key string made per request).
  const exact = new Map<string, Map<string, MatchedRoute>>();
  for (const route of routes) {
    if (route.contract.path.includes('{')) continue;
    const method = route.contract.method.toUpperCase();
    const first = candidatesFor(route.contract.path).find(
      (candidate) => candidate.method === method && candidate.pattern.test(route.contract.path),
    );
    if (first?.route !== route) continue;
    const paths = exact.get(method) ?? new Map<string, MatchedRoute>();
    paths.set(route.contract.path, matchedRoute(route, NO_PARAMS));
    exact.set(method, paths);
  }
  return exact;
}

/** The lookup over `routes`. */
export function routeLookup(routes: readonly DeclaredRoute[]): RouteLookup {
  const groups = new Map<string, CompiledRoute[]>();
  for (const route of routes) {
    const group = routeGroupOf(route.contract.path) ?? '';
    groups.set(group, [...(groups.get(group) ?? []), compile(route)]);
  }
  const candidatesFor = (path: string) => groups.get(routeGroupOf(path) ?? '') ?? [];
  const exact = exactPaths(routes, candidatesFor);
  return {
    find(method, path) {
      const wanted = method === 'HEAD' ? 'GET' : method;
      const known = exact.get(wanted)?.get(path);
      if (known) return known;
      for (const candidate of candidatesFor(path)) {
        if (candidate.method !== wanted) continue;
        const match = candidate.pattern.exec(path);
        if (!match) continue;
        const params: Record<string, string> = {};
        for (const [i, name] of candidate.paramNames.entries()) params[name] = decoded(match[i + 1] ?? '');
        return matchedRoute(candidate.route, params);
      }
      return undefined;
    },
    knowsGroupOf(path) {
      return candidatesFor(path).length > 0;
    },
    methodsFor(path) {
      const methods = new Set<string>();
      for (const candidate of candidatesFor(path)) {
        if (!candidate.pattern.test(path)) continue;
        if (candidate.method === 'GET') methods.add('HEAD');
        methods.add(candidate.method);
      }
      return [...methods];
    },
  };
}
