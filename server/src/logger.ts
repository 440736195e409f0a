import pino from 'pino';

export type Logger = pino.Logger;

/** JSON lines to stdout, or to `destination` (tests read what the server writes). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'password', '*.password'],
  };
  return destination ? pino(options, destination) : pino(options);
}
