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

/** GET /api/health: answers once the app serves requests and reaches its database. */
export const healthResponseSchema = z.object({ status: z.literal('ok') });

/** Row ids are PostgreSQL integers: anything outside that range can only be a 404, never a query. */
export const MAX_ROW_ID = 2_147_483_647;
export const rowIdSchema = z.number().int().positive().max(MAX_ROW_ID);
export const rowIdParamSchema = z.coerce.number().int().positive().max(MAX_ROW_ID);

export const idParamSchema = z.object({ id: rowIdParamSchema });
