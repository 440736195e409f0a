/**
 * For routes whose policy has always answered before their JSON body was read, so a stranger or a
 * contributor gets the 404/403 whatever they send, never a 400 describing the body: route() reads
 * the body before the policy (declareRoute.ts), so here the policy runs in `before`, and the policy
 * the route declares hands on what that loaded (the form is read once, with the session's prefetch).
 *
 *   const managedFormFirst = policyBeforeBody(managedForm);
 *   route(importsApi.startIiifImport, managedFormFirst, async (ctx, { body, resource: form }) => …);
 */
import { idParamSchema } from '@formscribe/common/schemas/common';
import type { AppContext, AppMiddleware } from '../../appTypes.ts';
import { parseInput } from '../../middlewares/validate.ts';
import { requireUser } from '../../policies/signedIn.ts';
import type { RoutePolicy } from './declareRoute.ts';

interface PolicyFirst<Resource> {
  before: readonly AppMiddleware[];
  policy: RoutePolicy<unknown, Resource>;
}

/** `policy` (a policy of `/…/{id}`) run before the body is read, and the route's policy that returns its result. */
export function policyBeforeBody<Resource>(
  policy: RoutePolicy<{ params: { id: number } }, Resource>,
): PolicyFirst<Resource> {
  const loaded = new WeakMap<AppContext, { resource: Resource }>();
  const runFirst: AppMiddleware = async (ctx, next) => {
    // The router has matched the route, so its parameters are on ctx; they are checked here as route() would.
    const params = parseInput(idParamSchema, 'params' in ctx ? ctx.params : undefined);
    loaded.set(ctx, { resource: await policy(ctx, requireUser(ctx), { params }) });
    await next();
  };
  const handOn: RoutePolicy<unknown, Resource> = async (ctx) => {
    const found = loaded.get(ctx);
    if (!found) throw new Error('policyBeforeBody: its `before` middleware did not run');
    return found.resource;
  };
  if (policy.formParam) handOn.formParam = policy.formParam;
  return { before: [runFirst], policy: handOn };
}
