/**
 * Runs the declared route the lookup matched (ctx.state.route, set by requestGates.ts): each
 * request is matched once, not once for the gates and again by a router. What a router's
 * `allowedMethods()` answered is answered here too, from the same declarations: a known path with
 * a method it lacks gets 405 with `Allow`, OPTIONS gets 200 with `Allow`, and a method no route
 * could ever have gets 501, so clients see what they saw when @koa/router matched.
 */
import type { AppMiddleware } from '../../appTypes.ts';
import type { RouteLookup } from './routeLookup.ts';

/** The methods a route may be declared with, and the two every router answers besides. */
const IMPLEMENTED_METHODS = new Set(['HEAD', 'OPTIONS', 'GET', 'PUT', 'PATCH', 'POST', 'DELETE']);

export function dispatchRoutes(lookup: RouteLookup): AppMiddleware {
  const unmatched: AppMiddleware = async (ctx, next) => {
    await next();
    if (ctx.status !== 404 || !lookup.knowsGroupOf(ctx.path)) return;
    const allowed = lookup.methodsFor(ctx.path);
    if (!IMPLEMENTED_METHODS.has(ctx.method)) {
      ctx.status = 501;
      ctx.set('Allow', allowed.join(', '));
    } else if (allowed.length && ctx.method === 'OPTIONS') {
      ctx.status = 200;
      ctx.body = '';
      ctx.set('Allow', allowed.join(', '));
    } else if (allowed.length && !allowed.includes(ctx.method)) {
      ctx.status = 405;
      ctx.set('Allow', allowed.join(', '));
    }
  };
  // Not async: a matched request (nearly all) goes straight into its route's chain, with no
  // promise of this layer's own wrapped around the chain's.
  return (ctx, next) => {
    const handle = ctx.state.route?.handle;
    return handle ? handle(ctx, next) : unmatched(ctx, next);
  };
}
