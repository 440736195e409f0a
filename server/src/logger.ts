import pino from 'pino';

export type Logger = pino.Logger;

/**
 * Fields that never reach a log line, wherever a caller puts them: credentials, tokens and keys,
 * cookies and authorization headers, and PostgreSQL's `detail` on errors ("Failing row contains
 * (...)" lists every value of a refused row, password hashes included; objection keeps the
 * driver's error as `nativeError`). Exact paths, not wildcards: fast-redact checks each wildcard
 * against every key of every line, and the request line is written once per API call.
 */
const REDACTED_PATHS = [
  'password',
  '*.password',
  'newPassword',
  'currentPassword',
  'passwordHash',
  'token',
  'secret',
  'webhookSecret',
  'secretKey',
  'testSecretKey',
  'apiKey',
  'cookie',
  'authorization',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'err.detail',
  'err.nativeError.detail',
  'err.cause.detail',
];

/**
 * JSON lines to stdout, or to `destination` (tests read what the server writes). Stdout is written
 * asynchronously (`sync: false`: the line is handed to libuv and the request goes on; a slow
 * terminal or log collector never stalls the event loop), and flushed when the process exits.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false }));
}
