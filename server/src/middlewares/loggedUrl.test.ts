import { describe, expect, it } from 'vitest';
import { redactPath, redactQuery } from './loggedUrl.ts';

describe('redactPath', () => {
  it.each([
    ['/api/verify-reset-token/abc', '/api/verify-reset-token/[redacted]'],
    ['/api/entry/abc', '/api/entry/[redacted]'],
    ['/api/entry/abc/more', '/api/entry/[redacted]/more'],
    ['/API/Entry/abc', '/API/Entry/[redacted]'],
    ['/api/%65ntry/abc', '/api/%65ntry/[redacted]'],
    ['/entry/abc', '/entry/[redacted]'],
    ['/invite/abc', '/invite/[redacted]'],
    ['/api/forms/12/entry', '/api/forms/12/entry'],
    ['/api/entry', '/api/entry'],
    ['/api/user', '/api/user'],
  ])('%s → %s', (path, expected) => {
    expect(redactPath(path)).toBe(expected);
  });
});

describe('redactQuery', () => {
  it.each([
    ['', ''],
    ['token=abc', 'token=[redacted]'],
    ['from=mail&Token=abc&x', 'from=mail&Token=[redacted]&x'],
    ['%74oken=abc', '%74oken=[redacted]'],
    ['tokens=1&imageId=5', 'tokens=1&imageId=5'],
  ])('%j → %j', (query, expected) => {
    expect(redactQuery(query)).toBe(expected);
  });
});
