/**
 * Whether an error means "the database cannot be reached right now" rather than "this request is
 * wrong": PostgreSQL restarting or down, a connection cut, or no free connection in the pool in
 * time. Those are answered with 503 and Retry-After (middlewares/errors.ts), so clients and load
 * balancers retry instead of showing a server fault, and no request waits without end.
 */
/**
 * PostgreSQL's SQLSTATEs for a server going away or not there yet: 57P01 admin_shutdown (a fast
 * shutdown or restart), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or shutting
 * down), and class 08, connection exceptions (08006 connection_failure, 08001 unable to connect…).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03']);
const CONNECTION_EXCEPTION_CLASS = '08';

/** Socket errors on the way to the server. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/**
 * node-postgres says these in words, without a code, when the server closed the connection (knex
 * puts the statement in front: "ROLLBACK - Connection terminated unexpectedly").
 */
const UNAVAILABLE_MESSAGES = [/\bConnection terminated\b/, /\bis not queryable\b/];

/** How long a client should wait before trying again, in seconds (a restart takes a few). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

function isUnavailableItself(error: object): boolean {
  const { name, code, message } = error as { name?: unknown; code?: unknown; message?: unknown };
  // No free connection within DATABASE_ACQUIRE_TIMEOUT_MS (knex's class is not an ESM export: its name is).
  if (name === 'KnexTimeoutError') return true;
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)) return true;
    if (code.length === 5 && code.startsWith(CONNECTION_EXCEPTION_CLASS)) return true;
  }
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}

/** Looks through the wrappers objection and knex put around the driver's error (`nativeError`, `cause`). */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if (isUnavailableItself(current)) return true;
    const wrapper = current as { nativeError?: unknown; cause?: unknown };
    current = wrapper.nativeError ?? wrapper.cause;
  }
  return false;
}
