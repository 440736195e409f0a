/**
 * Where Prometheus reads the metrics. Never on the public port for anyone: either a second small
 * HTTP server (METRICS_PORT, bound to METRICS_HOST, loopback by default) or, with METRICS_TOKEN,
 * the public port behind `Authorization: Bearer <token>`. With a token set, the second server
 * asks for it too. With neither setting the node exposes (and records) no metrics at all.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { routerPath } from '@formscribe/common/api/routeContract';
import type { AppContext, AppMiddleware } from '../appTypes.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { AppMetrics } from './appMetrics.ts';
import { UNMATCHED_API_ROUTE, UNMATCHED_OTHER_ROUTE } from './requestStats.ts';

type MetricsConfig = Config['metrics'];

export const METRICS_TOKEN_REQUIRED = 'Metrics need a valid bearer token';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * Tells whether an Authorization header carries the token. Both sides are hashed first so the
 * comparison is constant-time whatever the presented length (timingSafeEqual needs equal lengths).
 */
export function bearerTokenMatcher(token: string): (authorization: string | undefined) => boolean {
  const expected = digest(token);
  return (authorization) => {
    const presented = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    return presented !== undefined && timingSafeEqual(digest(presented), expected);
  };
}

/**
 * The route template the request matched: its declared route's (routes/declared/routeLookup.ts),
 * or the one @koa/router matched for the tus server's own routes (it sets `_matchedRoute`), or a
 * catch-all.
 */
function routeLabel(ctx: AppContext, path: string): string {
  const declared = ctx.state.route?.contract.path;
  if (declared) return routerPath(declared);
  const matched: unknown = Reflect.get(ctx, '_matchedRoute');
  if (typeof matched === 'string') return matched;
  return path.toLowerCase().startsWith('/api/') ? UNMATCHED_API_ROUTE : UNMATCHED_OTHER_ROUTE;
}

/**
 * Counts and times every request by route template, and answers scrapes on the public port when
 * a token is set. Returns nothing when metrics are off, so the app adds no middleware at all.
 */
export function requestMetrics(config: MetricsConfig, metrics: AppMetrics): AppMiddleware | undefined {
  if (!config.enabled) return undefined;
  const { token, path: metricsPath } = config;
  const authorized = token ? bearerTokenMatcher(token) : undefined;
  return async (ctx, next) => {
    if (authorized && ctx.path === metricsPath && ctx.method === 'GET') {
      if (!authorized(ctx.get('authorization'))) {
        ctx.status = 401;
        ctx.set('WWW-Authenticate', 'Bearer');
        ctx.body = { message: METRICS_TOKEN_REQUIRED };
        return;
      }
      ctx.type = metrics.contentType;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await metrics.render();
      return;
    }
    const started = performance.now();
    try {
      await next();
    } finally {
      metrics.requests.record(ctx.method, routeLabel(ctx, ctx.path), ctx.status, (performance.now() - started) / 1000);
    }
  };
}

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/** Starts the separate metrics server when METRICS_PORT is set (port 0: any free port). */
export async function startMetricsServer(
  config: MetricsConfig,
  metrics: AppMetrics,
  logger: Logger,
): Promise<MetricsServer | undefined> {
  if (config.port === undefined) return undefined;
  const authorized = config.token ? bearerTokenMatcher(config.token) : undefined;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== config.path || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (authorized && !authorized(req.headers.authorization)) {
      res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' });
      res.end(`${METRICS_TOKEN_REQUIRED}\n`);
      return;
    }
    metrics.render().then(
      (text) => res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }).end(text),
      (error: unknown) => {
        logger.warn({ err: error }, 'metrics could not be collected');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be collected\n');
      },
    );
  });
  const { host, port } = config;
  await new Promise<void>((resolve, reject) => {
    const refuse = (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `METRICS_PORT ${port} is already in use: stop what is using it, or set METRICS_PORT to another port`,
            )
          : error,
      );
    server.once('error', refuse);
    server.listen(port, host, () => {
      server.off('error', refuse);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}${config.path}`;
  metrics.serverUrl = url;
  logger.info({ url }, 'metrics served');
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
