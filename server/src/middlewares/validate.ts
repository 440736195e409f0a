import { MESSAGES } from '@formscribe/common/messages';
import type { z } from 'zod';
import { badRequest } from '../errors.ts';

export const NUL_CHARACTER_REFUSED = MESSAGES.nulCharacterRefused;

/** Far deeper than any request of the API; deeper input is refused before any schema sees it. */
export const MAX_INPUT_DEPTH = 32;
export const INPUT_TOO_DEEP = `Input is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)`;

/**
 * What is wrong with the input's shape, if anything: nesting beyond MAX_INPUT_DEPTH, or a NUL
 * character in any string or key (PostgreSQL text and jsonb cannot hold U+0000). The walk keeps
 * its own stack, so a body of 100,000 nested arrays is a 400, not a call-stack overflow.
 */
function inputShapeProblem(input: unknown): string | undefined {
  const pending: Array<{ value: unknown; depth: number }> = [{ value: input, depth: 0 }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value, depth } = item;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return NUL_CHARACTER_REFUSED;
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return INPUT_TOO_DEEP;
    if (Array.isArray(value)) {
      for (const inner of value) pending.push({ value: inner, depth: depth + 1 });
      continue;
    }
    for (const [key, inner] of Object.entries(value)) {
      if (key.includes('\u0000')) return NUL_CHARACTER_REFUSED;
      pending.push({ value: inner, depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * Parses input with a schema from common/; a failure is a 400 whose message is the first
 * problem (the spec's wording where it has one) and whose `issues` list them all.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const shapeProblem = inputShapeProblem(input);
  if (shapeProblem) throw badRequest(shapeProblem);
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  throw badRequest(issues[0]?.message ?? 'Invalid input', { issues });
}
