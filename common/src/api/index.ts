/**
 * Every route contract of the API, by area. The server declares a handler for each
 * (server/src/routes/); the client's typed `api` finds a contract here by method and path.
 * A new area's contracts are added to API_AREAS.
 */
import { disagreementsApi } from './disagreements.ts';
import { exportsApi } from './exports.ts';
import { formsApi } from './forms.ts';
import { insightsApi } from './insights.ts';
import type { RouteContract } from './routeContract.ts';
import { statsApi } from './stats.ts';
import { v1Api } from './v1.ts';
import { webhooksApi } from './webhooks.ts';

export const API_AREAS = {
  forms: formsApi,
  stats: statsApi,
  exports: exportsApi,
  disagreements: disagreementsApi,
  insights: insightsApi,
  webhooks: webhooksApi,
  v1: v1Api,
} as const;

type Areas = typeof API_AREAS;

/** Every contract, as one union type: what the typed client looks paths up in. */
export type ApiRoute = { [Area in keyof Areas]: Areas[Area][keyof Areas[Area]] }[keyof Areas];

/** Every contract, as a list. */
export const API_ROUTES: readonly RouteContract[] = Object.values(API_AREAS).flatMap((area) =>
  Object.values<RouteContract>(area),
);
