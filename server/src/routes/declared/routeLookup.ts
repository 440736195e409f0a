/**
 * Finds the declared route a request is for before the router runs (requestGates.ts puts it on
 * `ctx.state.route`), so the gates in front of it
 * (body types, raw bodies, the session's form prefetch, log redaction) read the route's declared
 * facts instead of keeping their own lists of paths. Matched as the router matches: by method,
 * case-insensitively, a trailing slash allowed, parameters one segment each. Routes are grouped by
 * their first segment after /api/ (routeGroups.ts), so a request tries only its group's routes.
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

/** The lookup over `routes`: the route a method and path are for, with the path's parameters. */
export function routeFinder(routes: readonly DeclaredRoute[]) {
  const groups = new Map<string, CompiledRoute[]>();
  for (const route of routes) {
    const group = routeGroupOf(route.contract.path) ?? '';
    groups.set(group, [...(groups.get(group) ?? []), compile(route)]);
  }
  return (method: string, path: string): MatchedRoute | undefined => {
    // HEAD is answered by the GET route, as the router does.
    const wanted = method === 'HEAD' ? 'GET' : method;
    for (const candidate of groups.get(routeGroupOf(path) ?? '') ?? []) {
      if (candidate.method !== wanted) continue;
      const match = candidate.pattern.exec(path);
      if (!match) continue;
      const params = Object.fromEntries(candidate.paramNames.map((name, i) => [name, decoded(match[i + 1] ?? '')]));
      return { contract: candidate.route.contract, access: candidate.route.access, params };
    }
    return undefined;
  };
}
