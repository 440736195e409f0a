import type { RouteContract } from '@formscribe/common/api/routeContract';
import type { ApiTokenScope } from '@formscribe/common/schemas/apiTokens';
import type Router from '@koa/router';
import type { Knex } from 'knex';
import type Koa from 'koa';
import type { Config } from './config.ts';
import type { JobQueue } from './jobs/jobQueue.ts';
import type { Logger } from './logger.ts';
import type { AppMetrics } from './metrics/appMetrics.ts';
import type { Session, User } from './models/index.ts';
import type { LiveTransport } from './realtime/types.ts';
import type { EventDispatcher } from './services/events/eventDispatcher.ts';
import type { RateLimiter } from './services/rateLimiter.ts';

/** What every request handler can reach: settings, database, jobs, shared services. */
export interface AppDeps {
  config: Config;
  logger: Logger;
  knex: Knex;
  jobs: JobQueue;
  rateLimiter: RateLimiter;
  /** The socket transport (rooms, emit, presence); it never shapes payloads. */
  realtime: LiveTransport;
  /**
   * Fans domain events out (live rooms, mail, jobs): those recorded on a transaction once it
   * committed (services/events/domainEventRecorder.ts), and those of work without one.
   */
  events: EventDispatcher;
  /** This node's Prometheus metrics (metrics/appMetrics.ts). */
  metrics: AppMetrics;
}

/**
 * The form a request's path names, read with its session in one statement (middlewares/session.ts):
 * its row as JSON with the user's standing, or null when there is no such form. The first policy
 * that loads this form for this user takes it (policies/forms.ts).
 */
export interface PrefetchedForm {
  userId: number;
  formId: number;
  row: Record<string, unknown> | null;
}

/**
 * Who may call a declared route (routes/declared/declareRoute.ts), as the gates in front of the
 * router and the route-policy test read it: anyone (with the reason), the caller's own account
 * ('self'), or a resource a policy loads; through the session, or an API token of a scope.
 */
export interface RouteAccessSummary {
  public?: string;
  policy?: 'self' | 'resource';
  token?: ApiTokenScope;
  /** The path parameter naming the form the policy loads: the session prefetches that form. */
  formParam?: string;
}

/** The declared route a request's method and path match, found before any body is read. */
export interface MatchedRoute {
  contract: RouteContract;
  access: RouteAccessSummary;
  /** The path's parameters as sent (not yet validated). */
  params: Record<string, string>;
  /** The route's chain (declareRoute.ts); absent for a route another server answers (the tus uploads). */
  handle?: AppMiddleware;
}

export interface AppState {
  requestId: string;
  /** The declared route the request is for, found by the gates (routes/declared/routeLookup.ts). */
  route?: MatchedRoute;
  user?: User;
  session?: Session;
  prefetchedForm?: PrefetchedForm;
}

export interface AppContextExtras {
  deps: AppDeps;
  log: Logger;
}

export type AppContext = Koa.ParameterizedContext<AppState, AppContextExtras>;
export type AppRouter = Router<AppState, AppContextExtras>;
export type AppMiddleware = Koa.Middleware<AppState, AppContextExtras>;
