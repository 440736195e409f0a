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
    // A client's own mistakes: a token as a segment, secrets as matrix parameters.
    ['/api/v1/forms/fsk_abc', '/api/v1/forms/[redacted]'],
    ['/api/v1/forms;access_token=abc;limit=5', '/api/v1/forms;access_token=[redacted];limit=5'],
    ['/api/v1/forms/%66sk_abc/images', '/api/v1/forms/[redacted]/images'],
    ['/api/forms/12/images%20x', '/api/forms/12/images%20x'],
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
    ['access_token=a&Api-Key=b&clientSecret=c', 'access_token=[redacted]&Api-Key=[redacted]&clientSecret=[redacted]'],
    [
      'client_secret=a&X-Amz-Signature=b&code=c&key=d',
      'client_secret=[redacted]&X-Amz-Signature=[redacted]&code=[redacted]&key=[redacted]',
    ],
    ['PASSWORD=a&sig=b', 'PASSWORD=[redacted]&sig=[redacted]'],
    // Our own API token is recognised by its prefix, whatever the parameter is called.
    ['t=fsk_abc&fsk_def&x=%66sk_ghi', 't=[redacted]&[redacted]&x=[redacted]'],
    // Pairs separated by semicolons, as some clients write them.
    ['limit=5;api_key=a&x=1', 'limit=5;api_key=[redacted]&x=1'],
    ['a=b=c&&=&token', 'a=b=c&&=&token'],
    // Names that merely resemble a secret's stay readable.
    ['keyword=a&postcode=1&signal=2&limit=5&imageId=5', 'keyword=a&postcode=1&signal=2&limit=5&imageId=5'],
  ])('%j → %j', (query, expected) => {
    expect(redactQuery(query)).toBe(expected);
  });
});
