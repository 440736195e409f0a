import type { z } from 'zod';
import { badRequest } from '../errors.ts';

/**
 * Parses input with a schema from common/; a failure is a 400 whose message is the first
 * problem (the spec's wording where it has one) and whose `issues` list them all.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  throw badRequest(issues[0]?.message ?? 'Invalid input', { issues });
}
