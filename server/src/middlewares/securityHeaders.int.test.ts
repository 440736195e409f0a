/**
 * The browser-facing protections every response carries (API and SPA alike) over plain http,
 * and static-file paths that try to leave client/dist. The https deployment: secureDeployment.int.test.ts.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspDirectives, registerThroughRoute, sessionCookieLine } from '../test/responseHeaders.ts';
import { startTestServer, type TestServer } from '../test/testServer.ts';

let plain: TestServer;
beforeAll(async () => {
  plain = await startTestServer();
});
afterAll(() => plain.stop());

describe('security headers', () => {
  it('every response, API or SPA, success or error, carries the same protections', async () => {
    const responses = [
      await fetch(new URL('/', plain.url)),
      await fetch(new URL('/invite/some-token', plain.url)),
      await fetch(new URL('/api/user', plain.url)),
      await fetch(new URL('/api/no-such-route', plain.url)),
      await fetch(new URL('/api/logout', plain.url), { method: 'POST', headers: { origin: 'https://evil.example' } }),
    ];
    expect(responses.map((r) => r.status)).toEqual([expect.any(Number), expect.any(Number), 401, 404, 403]);
    for (const response of responses) {
      const csp = cspDirectives(response.headers.get('content-security-policy'));
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
      // Served over http, a browser must not be told to insist on https.
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('a document (a page, an unknown path) gets the whole policy: our own scripts, our own WebSocket', async () => {
    const websocketOrigin = plain.url.replace(/^http/, 'ws');
    for (const path of ['/', '/invite/some-token', '/api/no-such-route']) {
      const csp = cspDirectives((await fetch(new URL(path, plain.url))).headers.get('content-security-policy'));
      expect(csp.get('default-src')).toBe("'self'");
      // WebSockets only to our own origin, never to any host.
      expect(csp.get('connect-src')).toBe(`'self' ${websocketOrigin}`);
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('base-uri')).toBe("'self'");
      expect(csp.get('script-src')).toBe("'self'");
    }
  });

  it("a JSON answer of a declared route, success or error, may load nothing (OWASP's API policy)", async () => {
    const answers = [
      await fetch(new URL('/api/health', plain.url)),
      await fetch(new URL('/api/user', plain.url)),
      await fetch(new URL('/api/login', plain.url), { method: 'POST', headers: { origin: 'https://evil.example' } }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 401, 403]);
    for (const answer of answers) {
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('over http the session cookie is httpOnly and SameSite=Lax, but not Secure', async () => {
    const response = await registerThroughRoute(plain);
    const cookie = sessionCookieLine(response.headers.getSetCookie());
    expect(cookie).toMatch(/; httponly/i);
    expect(cookie).toMatch(/; samesite=lax/i);
    expect(cookie).not.toMatch(/; secure/i);
  });
});

/** Sends the path exactly as written: fetch would normalise dot segments before they reach the server. */
function rawGet(baseUrl: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, path, method: 'GET' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

describe('static files', () => {
  it.each([
    '/..%2f..%2fetc%2fpasswd',
    '/assets/..%2f..%2fpackage.json',
    '/assets/..%2f..%2f..%2fpackage.json',
    '/..%5c..%5cpackage.json',
    '/%E0%A4%A',
  ])('%s is a 404 and never a file outside client/dist', async (path) => {
    const response = await rawGet(plain.url, path);
    expect(response.status).toBe(404);
    expect(response.body).not.toContain('root:');
    expect(response.body).not.toContain('"workspaces"');
    expect(response.body).not.toContain('Malformed request body');
  });
});
