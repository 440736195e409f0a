/**
 * What a real pino logger from createLogger writes when a caller hands it secrets under names
 * written every way: the values are gone, the other fields and the caller's own objects intact.
 */
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';
import { LogCapture } from './test/logCapture.ts';

function loggedLine(fields: Record<string, unknown>): Record<string, unknown> {
  const capture = new LogCapture();
  createLogger('info', capture).info(fields, 'line');
  const [line] = capture.entries();
  if (!line) throw new Error('nothing was logged');
  return line;
}

describe('createLogger', () => {
  it('hides secrets under any spelling of their name, at the top and inside headers and queries', () => {
    const headers = { 'X-Api-Key': 'k1', authorization: 'Bearer t1', Cookie: 's1', accept: 'application/json' };
    const line = loggedLine({
      clientSecret: 'c1',
      newPassword: 'p1',
      formId: 7,
      headers,
      query: { Access_Token: 'a1', limit: 5 },
      nested: { deeper: { client_secret: 'c2' } },
    });
    expect(line).toMatchObject({
      clientSecret: '[redacted]',
      newPassword: '[redacted]',
      formId: 7,
      headers: {
        'X-Api-Key': '[redacted]',
        authorization: '[redacted]',
        Cookie: '[redacted]',
        accept: 'application/json',
      },
      query: { Access_Token: '[redacted]', limit: 5 },
      nested: { deeper: { client_secret: '[redacted]' } },
    });
    // The caller's object is its own: redaction works on a copy.
    expect(headers['X-Api-Key']).toBe('k1');
  });

  it('keeps what a PostgreSQL error says, but not the refused row', () => {
    const error = Object.assign(new Error('new row violates check constraint'), {
      detail: 'Failing row contains (alice@example.org, $argon2id$...)',
    });
    const line = loggedLine({ err: error });
    expect(JSON.stringify(line)).toContain('violates check constraint');
    expect(JSON.stringify(line)).not.toContain('alice@example.org');
  });
});
