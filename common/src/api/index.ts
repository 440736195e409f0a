/**
 * Every route contract of the API, by area. The server declares a handler for each
 * (server/src/routes/); the client's typed `api` finds a contract here by method and path.
 * A new area's contracts are added to API_AREAS.
 */
import { entryApi } from './entry.ts';
import { formsApi } from './forms.ts';
import { imagesApi } from './images.ts';
import { importsApi } from './imports.ts';
import { machineReadingApi } from './machineReading.ts';
import { regionsApi } from './regions.ts';
import type { RouteContract } from './routeContract.ts';
import { submissionsApi } from './submissions.ts';
import { votesApi } from './votes.ts';

export const API_AREAS = {
  forms: formsApi,
  images: imagesApi,
  imports: importsApi,
  entry: entryApi,
  submissions: submissionsApi,
  votes: votesApi,
  regions: regionsApi,
  machineReading: machineReadingApi,
} as const;

type Areas = typeof API_AREAS;

/** Every contract, as one union type: what the typed client looks paths up in. */
export type ApiRoute = { [Area in keyof Areas]: Areas[Area][keyof Areas[Area]] }[keyof Areas];

/** Every contract, as a list. */
export const API_ROUTES: readonly RouteContract[] = Object.values(API_AREAS).flatMap((area) =>
  Object.values<RouteContract>(area),
);
