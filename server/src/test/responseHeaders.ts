/** Reading the security-relevant parts of raw HTTP responses in tests. */
import { expect } from 'vitest';
import { SESSION_COOKIE } from '../services/sessions.ts';
import type { TestServer } from './testServer.ts';

/** The Content-Security-Policy header as directive → sources. */
export function cspDirectives(header: string | null): Map<string, string> {
  const directives = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name, values.join(' '));
  }
  return directives;
}

/** The Set-Cookie line of the session cookie, attributes included. */
export function sessionCookieLine(setCookies: string[]): string | undefined {
  return setCookies.find((line) => line.startsWith(`${SESSION_COOKIE}=`));
}

let registrations = 0;

/** Signs up through the route (which starts a session) and returns the raw response. */
export async function registerThroughRoute(
  server: TestServer,
  options: { origin?: string; headers?: Record<string, string> } = {},
) {
  registrations += 1;
  const response = await fetch(new URL('/api/register', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: options.origin ?? server.url, ...options.headers },
    body: JSON.stringify({
      username: `headers-${process.pid}-${registrations}@example.org`,
      password: 'long-enough-password',
    }),
  });
  expect(response.status).toBe(201);
  return response;
}
