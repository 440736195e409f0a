/**
 * What a /api/v1 route's contract carries for its OpenAPI document beyond any route's: a summary,
 * and what its success answer is (a description, and the JSON schema of an answer the handler
 * sends itself, such as an upload answering 201 with the image or 202 with an import).
 */
import type { z } from 'zod';
import { defineRoutes, type RouteContract } from './routeContract.ts';

export interface V1Answer {
  /** Shown beside the success status; "OK" when not given. */
  description?: string;
  /** The JSON answer's schema when the contract has no `response` (the handler answers itself). */
  schema?: z.ZodType;
}

export interface V1Contract extends RouteContract {
  summary: string;
  answer?: V1Answer;
}

/** Declares /api/v1 contracts, keeping each one's exact type as `defineRoutes` does. */
export function defineV1Routes<const Routes extends Record<string, V1Contract>>(routes: Routes): Routes {
  return defineRoutes(routes);
}
