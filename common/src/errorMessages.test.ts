import { describe, expect, it } from 'vitest';
import {
  CONTEXT_ERROR_MESSAGES,
  ERROR_MESSAGES,
  type ErrorContext,
  errorResponseBody,
  errorStatusCode,
  extractServerMessage,
  normalizeErrorMessage,
} from './errorMessages.ts';

/** Builds the error the client's fetch wrapper raises for a non-success response. */
function apiError(status: number, body: unknown): Error {
  return new Error(`${status}: ${typeof body === 'string' ? body : JSON.stringify(body)}`);
}

describe('extractServerMessage', () => {
  it.each([
    [
      'a JSON body',
      apiError(409, { message: 'An account with this email already exists' }),
      'An account with this email already exists',
    ],
    [
      'a JSON body with flags',
      apiError(403, { message: 'Active form limit reached', upgrade: true, limit: 1 }),
      'Active form limit reached',
    ],
    ['a plain-text body', apiError(502, 'Bad Gateway'), 'Bad Gateway'],
    ['JSON without a message', apiError(400, { error: 'nope' }), '{"error":"nope"}'],
    ['a network failure', new TypeError('Failed to fetch'), 'Failed to fetch'],
    ['a thrown string', 'plain words', 'plain words'],
    ['nothing useful', null, ''],
  ])('reads %s', (_case, error, expected) => {
    expect(extractServerMessage(error)).toBe(expected);
  });
});

describe('errorStatusCode and errorResponseBody', () => {
  it('reads the status and flags of an API error', () => {
    const error = apiError(403, { message: 'Email verification required', requiresEmailVerification: true });
    expect(errorStatusCode(error)).toBe(403);
    expect(errorResponseBody(error)).toMatchObject({ requiresEmailVerification: true });
  });

  it('gives null for errors that never reached the server', () => {
    expect(errorStatusCode(new TypeError('Failed to fetch'))).toBeNull();
    expect(errorResponseBody(new TypeError('Failed to fetch'))).toBeNull();
    expect(errorResponseBody(apiError(500, 'Internal Server Error'))).toBeNull();
  });
});

describe('normalizeErrorMessage', () => {
  const longMessage = 'x'.repeat(101);

  it.each<[string, unknown, ErrorContext | undefined, string]>([
    ['no message at all', null, undefined, ERROR_MESSAGES.unexpected],
    ['an empty Error', new Error(''), undefined, ERROR_MESSAGES.unexpected],
    ['a fetch failure', new TypeError('Failed to fetch'), undefined, ERROR_MESSAGES.network],
    ['a network error', new Error('NetworkError when attempting to load'), 'payment', ERROR_MESSAGES.network],
    ['a lost connection', new Error('Connection reset'), undefined, ERROR_MESSAGES.network],
    ['a 401', apiError(401, { message: 'Not authenticated' }), undefined, ERROR_MESSAGES.authentication],
    [
      'a 401 even with "invalid" in it',
      apiError(401, { message: 'Invalid email or password' }),
      undefined,
      ERROR_MESSAGES.authentication,
    ],
    ['a bare "401" text', new Error('401'), undefined, ERROR_MESSAGES.authentication],
    ['a 403', apiError(403, { message: 'Forbidden' }), 'form', ERROR_MESSAGES.permission],
    ['a validation failure', apiError(400, { message: 'Validation failed' }), 'form', 'Validation failed'],
    ['an invalid value', apiError(400, { message: 'Invalid plan selected' }), 'subscription', 'Invalid plan selected'],
    [
      'a required field',
      apiError(400, { message: 'Email verification required' }),
      'form',
      'Email verification required',
    ],
    ['a 500', apiError(500, 'Internal Server Error'), 'upload', ERROR_MESSAGES.server],
    ['any 5xx', apiError(503, { message: 'Down for maintenance' }), undefined, ERROR_MESSAGES.server],
    ['"server" in the text', new Error('The server went away'), undefined, ERROR_MESSAGES.server],
    [
      'a 400 that mentions 500 images',
      apiError(400, { message: 'At most 500 images' }),
      undefined,
      'At most 500 images',
    ],
    ['payment context', apiError(402, { message: 'Card declined' }), 'payment', CONTEXT_ERROR_MESSAGES.payment],
    [
      'subscription context',
      apiError(409, { message: 'Plan conflict' }),
      'subscription',
      CONTEXT_ERROR_MESSAGES.subscription,
    ],
    ['form context', apiError(409, { message: 'Duplicate' }), 'form', CONTEXT_ERROR_MESSAGES.form],
    ['upload context', apiError(413, { message: 'Too large' }), 'upload', CONTEXT_ERROR_MESSAGES.upload],
    ['email context', apiError(429, { message: 'Slow down' }), 'email', CONTEXT_ERROR_MESSAGES.email],
    [
      'a short message without context',
      apiError(429, { message: 'Too many attempts' }),
      undefined,
      'Too many attempts',
    ],
    ['a message of exactly 100 characters', new Error('y'.repeat(100)), undefined, 'y'.repeat(100)],
    ['a message over 100 characters', new Error(longMessage), undefined, ERROR_MESSAGES.tooLong],
    [
      'an HTML body over 100 characters',
      apiError(418, `<html>${longMessage}</html>`),
      undefined,
      ERROR_MESSAGES.tooLong,
    ],
  ])('normalises %s', (_case, error, context, expected) => {
    expect(normalizeErrorMessage(error, context)).toBe(expected);
  });
});
