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

export const idParamSchema = z.object({ id: z.coerce.number().int().positive() });
