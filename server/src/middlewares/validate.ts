import type { z } from 'zod';
import { badRequest } from '../errors.ts';

export const NUL_CHARACTER_REFUSED = 'Text must not contain NUL characters';

/** PostgreSQL text and jsonb cannot hold U+0000; any string carrying one is refused up front. */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || containsNul(inner));
  }
  return false;
}

/**
 * Parses input with a schema from common/; a failure is a 400 whose message is the first
 * problem (the spec's wording where it has one) and whose `issues` list them all.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  if (containsNul(input)) throw badRequest(NUL_CHARACTER_REFUSED);
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  throw badRequest(issues[0]?.message ?? 'Invalid input', { issues });
}
