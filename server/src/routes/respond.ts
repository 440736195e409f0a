/**
 * Every JSON answer goes out through `respond(ctx, schema, body)`: the body is typed by its
 * `common/` response schema (the one the client parses with `apiGet(url, schema)`), and in test
 * and development it is also checked, so a response that drifts from its schema fails the
 * integration suite instead of the client. Production only gets the typing (no parse cost).
 *
 * How the check works, and why not just `schema.parse(body)`: zod objects strip unknown keys, so
 * a plain parse passes a body carrying a field the schema forgot (and `.strict()` only guards the
 * top level). Instead the body is first turned into exactly what the client receives (a JSON
 * round trip: Dates become strings, undefined keys vanish), that is parsed with the schema (which
 * catches missing keys and wrong types), and the parsed result is compared with the JSON form
 * key by key at every depth: a key the parse dropped is an extra key the schema does not declare.
 * The ORIGINAL body is what is sent either way; the check never rewrites an answer.
 */
import type { z } from 'zod';
import type { AppContext } from '../appTypes.ts';
import { appDepsOf } from '../middlewares/requestContext.ts';

/** Sets a JSON body (and status) typed by `schema`; in test/development a mismatch becomes a 500 naming route and issue. */
export function respond<Schema extends z.ZodType>(
  ctx: AppContext,
  schema: Schema,
  body: z.input<Schema>,
  status?: number,
): void {
  if (appDepsOf(ctx).config.env !== 'production') {
    const mismatch = findResponseMismatch(schema, body);
    if (mismatch) {
      const route = `${ctx.method} ${ctx.state.route?.contract.path ?? ctx.path}`;
      ctx.log.error({ route, mismatch }, `response does not match its schema: ${route}: ${mismatch}`);
      ctx.status = 500;
      // Not production: the detail helps whoever reads the failing test.
      ctx.body = { message: `Response does not match its schema (${route}): ${mismatch}` };
      return;
    }
  }
  if (status !== undefined) ctx.status = status;
  // An object goes out as JSON: named up front, Koa keeps the type instead of looking it up for every answer.
  if (typeof body === 'object' && body !== null && !ctx.res.hasHeader('Content-Type')) {
    ctx.res.setHeader('Content-Type', JSON_CONTENT_TYPE);
  }
  ctx.body = body;
}

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Why `body`, as the client would receive it, does not match `schema` exactly; undefined when it does. */
export function findResponseMismatch(schema: z.ZodType, body: unknown): string | undefined {
  const sent: unknown = body === undefined ? undefined : JSON.parse(JSON.stringify(body));
  const parsed = schema.safeParse(sent);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => `${pathText(issue.path)}: ${issue.message}`).join('; ');
  }
  return firstDroppedKey(sent, parsed.data, []);
}

function pathText(path: readonly PropertyKey[]): string {
  return path.length ? path.map(String).join('.') : '(body)';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first key present in what was sent but absent after parsing: a field the schema does not declare. */
function firstDroppedKey(sent: unknown, parsed: unknown, path: string[]): string | undefined {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    for (const [index, item] of sent.entries()) {
      const found = firstDroppedKey(item, parsed[index], [...path, String(index)]);
      if (found) return found;
    }
    return undefined;
  }
  if (isPlainObject(sent) && isPlainObject(parsed)) {
    for (const [key, value] of Object.entries(sent)) {
      if (!(key in parsed)) return `${pathText([...path, key])}: not in the response schema`;
      const found = firstDroppedKey(value, parsed[key], [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}
