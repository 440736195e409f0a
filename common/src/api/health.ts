/** The probes: liveness (the process answers) and readiness (its database, migrations, storage and Redis answer). */
import { healthResponseSchema, readinessResponseSchema } from '../schemas/common.ts';
import { defineRoutes } from './routeContract.ts';

export const healthApi = defineRoutes({
  health: { method: 'get', path: '/api/health', response: healthResponseSchema },
  /** 200 when ready; 503 with the same body shape, naming what fails, when not. */
  ready: { method: 'get', path: '/api/ready', response: readinessResponseSchema },
});
