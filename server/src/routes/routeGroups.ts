/**
 * The API's routes grouped by their path's segment after /api/ (`forms`, `images`, `login`, …),
 * each group one @koa/router router. @koa/router tries every route's regular expression in turn,
 * so with every route in one router each request paid for ninety-odd tests; here it pays for
 * one map lookup and its own group's routes. A group holds every route a path of it could match,
 * so its 405 (with Allow), 501 and OPTIONS answers are the same as one router for all would give.
 */
import Router from '@koa/router';
import type { AppContextExtras, AppMiddleware, AppRouter, AppState } from '../appTypes.ts';

const API_PREFIX = '/api/';

/**
 * The group of a route's or a request's path: its segment after /api/, lower-cased because the
 * router matches paths case-insensitively. Undefined for paths outside /api/.
 */
export function routeGroupOf(path: string): string | undefined {
  if (path.slice(0, API_PREFIX.length).toLowerCase() !== API_PREFIX) return undefined;
  const end = path.indexOf('/', API_PREFIX.length);
  return path.slice(API_PREFIX.length, end === -1 ? undefined : end).toLowerCase();
}

/** One router holding the routes of `routers` whose group is `group` (all of them without a group). */
function routerOf(routers: readonly AppRouter[], group?: string): AppRouter {
  const router = new Router<AppState, AppContextExtras>();
  for (const each of routers) router.use(each.routes());
  if (group !== undefined) router.stack = router.stack.filter((layer) => routeGroupOf(String(layer.path)) === group);
  return router;
}

/** A middleware answering every route of `routers`, as `.routes()` then `.allowedMethods()` of one router would. */
export function groupedRoutes(routers: readonly AppRouter[]): AppMiddleware {
  const groups = new Map<string, AppMiddleware>();
  for (const layer of routerOf(routers).stack) {
    const group = routeGroupOf(String(layer.path));
    // A route whose first segment is a parameter would belong to every group.
    if (group === undefined || group === '' || group.startsWith(':')) {
      throw new Error(`routes must start with /api/ and a fixed segment: ${String(layer.path)}`);
    }
    if (groups.has(group)) continue;
    const router = routerOf(routers, group);
    const routes = router.routes() as AppMiddleware;
    const allowedMethods = router.allowedMethods() as AppMiddleware;
    groups.set(group, (ctx, next) => routes(ctx, () => allowedMethods(ctx, next)));
  }
  return (ctx, next) => {
    const group = groups.get(routeGroupOf(ctx.path) ?? '');
    return group ? group(ctx, next) : next();
  };
}
