import { z } from 'zod';
import { rowIdParamSchema } from './common.ts';

export const CREATOR_CANNOT_BE_BLOCKED = 'The form creator cannot be blocked';

export const blockParamsSchema = z.object({
  id: rowIdParamSchema,
  userId: rowIdParamSchema,
});

/** Reason optional and trimmed; the owner may also take the user's entries out of consensus. */
export const blockRequestSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(1000)
    .nullish()
    .transform((v) => v || null),
  dropEntries: z.boolean().default(false),
});

/** POST /api/forms/{id}/users/{userId}/block: the block as stored. */
export const blockResponseSchema = z.object({
  blocked: z.literal(true),
  reason: z.string().nullable(),
  dropEntries: z.boolean(),
});
export type BlockResponse = z.infer<typeof blockResponseSchema>;

/** POST /api/forms/{id}/users/{userId}/unblock. */
export const unblockResponseSchema = z.object({ blocked: z.literal(false) });
