import pino from 'pino';
import { isSecretName, REDACTED } from './secretNames.ts';

export type Logger = pino.Logger;

/**
 * PostgreSQL's `detail` on errors: "Failing row contains (...)" lists every value of a refused
 * row, password hashes included; objection keeps the driver's error as `nativeError`. A rule
 * about a value, not a name, so it is not in secretNames.ts. Exact paths, not wildcards:
 * fast-redact checks each wildcard against every key of every line.
 */
const REDACTED_ERROR_PATHS = ['err.detail', 'err.nativeError.detail', 'err.cause.detail'];

/** How deep into a line's plain objects names are checked: `{ headers: { cookie } }` is two. */
const MAX_DEPTH = 3;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The line's fields with the value of every secret name (secretNames.ts) replaced, at the top and
 * inside plain objects such as a `headers` or `query` a caller passes. The caller's objects are
 * never changed: an object is copied only when something in it is redacted. Errors are left to
 * pino's serializer (their `detail` to REDACTED_ERROR_PATHS); class instances and arrays are not
 * walked, so a Buffer or a Date costs nothing.
 */
export function redactSecretFields(fields: Record<string, unknown>, depth = 1): Record<string, unknown> {
  let redacted: Record<string, unknown> | undefined;
  for (const name in fields) {
    if (!Object.hasOwn(fields, name)) continue;
    const value = fields[name];
    let replacement = value;
    if (isSecretName(name)) replacement = REDACTED;
    else if (depth < MAX_DEPTH && isPlainObject(value)) replacement = redactSecretFields(value, depth + 1);
    if (replacement === value) continue;
    redacted ??= { ...fields };
    redacted[name] = replacement;
  }
  return redacted ?? fields;
}

/**
 * JSON lines to stdout, or to `destination` (tests read what the server writes). Stdout is written
 * asynchronously (`sync: false`: the line is handed to libuv and the request goes on; a slow
 * terminal or log collector never stalls the event loop), and flushed when the process exits.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: { paths: REDACTED_ERROR_PATHS, censor: REDACTED },
    formatters: { log: (fields) => redactSecretFields(fields) },
  };
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false }));
}
