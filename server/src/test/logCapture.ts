/**
 * Reads what the server logs: the test server's logger is swapped for a real pino logger (the
 * same createLogger) that writes its JSON lines here instead of to stdout. Request handlers take
 * their logger from deps on every request, so lines written after the swap all arrive here.
 */
import type pino from 'pino';
import { createLogger } from '../logger.ts';
import type { TestServer } from './testServer.ts';

export class LogCapture implements pino.DestinationStream {
  readonly lines: string[] = [];

  write(line: string): void {
    this.lines.push(line);
  }

  /** Everything written, as one string: for "this secret appears nowhere" checks. */
  get text(): string {
    return this.lines.join('');
  }

  entries(): Array<Record<string, unknown>> {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

export function captureServerLogs(server: TestServer, level = 'info'): LogCapture {
  const capture = new LogCapture();
  server.deps.logger = createLogger(level, capture);
  return capture;
}
