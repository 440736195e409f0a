import { z } from 'zod';

/** Every error response body: a message plus optional flags the client reacts to. */
export const errorResponseSchema = z
  .object({
    message: z.string(),
    requiresEmailVerification: z.boolean().optional(),
    upgrade: z.boolean().optional(),
    limit: z.number().optional(),
    plan: z.string().optional(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .loose();

export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export const validTokenResponseSchema = z.object({ valid: z.boolean() });

/** GET /api/health: liveness. The process answers requests; it asks nothing of the database. */
export const healthResponseSchema = z.object({ status: z.literal('ok') });

/**
 * GET /api/ready: readiness, 200 or 503. Each part the node needs says 'ok' or what is wrong; Redis
 * is listed only when the node is configured to use it. A 503 also names the failing parts in `message`.
 */
export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'not ready']),
  checks: z.object({
    database: z.enum(['ok', 'unreachable']),
    migrations: z.enum(['ok', 'pending', 'unknown']),
    redis: z.enum(['ok', 'unreachable']).optional(),
    /** Where files are kept: the bucket answers, or the local folder is writable. */
    storage: z.enum(['ok', 'unreachable']),
  }),
  message: z.string().optional(),
});

export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;

/** Row ids are PostgreSQL integers: anything outside that range can only be a 404, never a query. */
export const MAX_ROW_ID = 2_147_483_647;
export const rowIdSchema = z.number().int().positive().max(MAX_ROW_ID);
export const rowIdParamSchema = z.coerce.number().int().positive().max(MAX_ROW_ID);

export const idParamSchema = z.object({ id: rowIdParamSchema });
