/**
 * What every request passes between the error handler and its route, as ONE middleware: the
 * security headers, the built client (for non-API paths), the origin check, the body-type check,
 * the JSON body and the session. Each was a middleware of its own; as one layer a request pays
 * for one step of Koa's chain instead of six, and the checks that concern it only, in the same
 * order as before (see each file for what it does and why).
 */
import type Koa from 'koa';
import { koaBody } from 'koa-body';
import type { AppContext, AppDeps, AppMiddleware, MatchedRoute } from '../appTypes.ts';
import { spaMiddleware } from '../spaFallback.ts';
import { assertSameOrigin } from './originCheck.ts';
import { assertAcceptedBodyType, carriesBody, receivesRawBody } from './requestBodyTypes.ts';
import { setSecurityHeaders } from './securityHeaders.ts';
import { loadSessionThen } from './session.ts';

/**
 * `deps` are the app's own: its settings are read for each request, so a setting changed there is
 * seen at once (without making the request's own `ctx.deps`, which most requests never need).
 */
export function requestGates(
  deps: AppDeps,
  findRoute: (method: string, path: string) => MatchedRoute | undefined,
): AppMiddleware {
  const servedClient = spaMiddleware(deps.config.clientDistDir);
  // JSON only: multipart is parsed by the upload routes themselves (routes/images/receiveUpload.ts),
  // and the Stripe webhook reads its raw bytes to check their signature (receivesRawBody). A
  // request without a body (every GET) has nothing to parse.
  const jsonBody = koaBody({ jsonLimit: '1mb', json: true, urlencoded: false, text: false, multipart: false });

  const checkedThenRouted = (ctx: AppContext, next: Koa.Next): Promise<void> => {
    const { config } = deps;
    assertSameOrigin(ctx, config.publicUrl);
    assertAcceptedBodyType(ctx);
    if (!carriesBody(ctx.req.headers) || receivesRawBody(ctx)) {
      return loadSessionThen(ctx, next, config.secureCookies);
    }
    return jsonBody(ctx, () => loadSessionThen(ctx, next, config.secureCookies));
  };

  return (ctx, next) => {
    // API requests (most of the traffic) go straight on; the built client's files and pages
    // answer the others, which pass the same checks when no file answers them.
    if (!ctx.path.startsWith('/api/')) {
      setSecurityHeaders(ctx.res, deps.config, 'document');
      return servedClient(ctx, () => {
        ctx.state.route = findRoute(ctx.method, ctx.path);
        return checkedThenRouted(ctx, next);
      });
    }
    // The declared route's facts (what it answers, its body kind, the form it names) steer the
    // headers and the checks. A route with a response schema answers JSON, or an error in JSON.
    const route = findRoute(ctx.method, ctx.path);
    ctx.state.route = route;
    setSecurityHeaders(ctx.res, deps.config, route?.contract.response ? 'json' : 'document');
    return checkedThenRouted(ctx, next);
  };
}
