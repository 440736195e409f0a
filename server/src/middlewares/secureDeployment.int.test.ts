/**
 * An https deployment (PUBLIC_URL https, behind a TLS-terminating proxy): the session cookie is
 * Secure, browsers are told to stay on https, and WebSockets may only go to our wss:// origin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspDirectives, registerThroughRoute, sessionCookieLine } from '../test/responseHeaders.ts';
import { startTestServer, type TestServer } from '../test/testServer.ts';

const HTTPS_PUBLIC_URL = 'https://forms.example.org';

let behindTls: TestServer;
beforeAll(async () => {
  behindTls = await startTestServer({ PUBLIC_URL: HTTPS_PUBLIC_URL, TRUST_PROXY: 'true' });
});
afterAll(() => behindTls.stop());

/** What the proxy adds: the request reached it over https. */
const FORWARDED_HTTPS = { 'x-forwarded-proto': 'https' };

describe('https deployment', () => {
  it('with an https PUBLIC_URL the session cookie is Secure, HSTS is set and WebSockets must use wss', async () => {
    const response = await registerThroughRoute(behindTls, { origin: HTTPS_PUBLIC_URL, headers: FORWARDED_HTTPS });
    const cookie = sessionCookieLine(response.headers.getSetCookie());
    expect(cookie).toMatch(/; secure/i);
    expect(cookie).toMatch(/; httponly/i);
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);

    const page = await fetch(new URL('/', behindTls.url), { headers: FORWARDED_HTTPS });
    expect(page.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
    const csp = cspDirectives(page.headers.get('content-security-policy'));
    expect(csp.get('connect-src')).toBe("'self' wss://forms.example.org");
    expect(csp.get('object-src')).toBe("'none'");
  });

  it('signs people in with a Secure cookie even when the proxy does not say it spoke https (PUBLIC_URL decides)', async () => {
    const response = await registerThroughRoute(behindTls, { origin: HTTPS_PUBLIC_URL });
    expect(response.status).toBe(201);
    expect(sessionCookieLine(response.headers.getSetCookie())).toMatch(/; secure/i);
  });
});
