/**
 * Headers that make the browser enforce what the app expects of itself: only our own scripts,
 * connections (REST and the Socket.IO WebSocket) only to our own origin, no plugins, no framing,
 * no MIME sniffing, no full URLs (with tokens in them) leaking to other sites as Referer.
 */
import type { ServerResponse } from 'node:http';

/**
 * 'self' covers same-origin WebSockets in current browsers; the ws(s):// form of the public
 * origin is listed too for the ones that read 'self' as http(s) only.
 */
export function contentSecurityPolicy(publicUrl: string): string {
  const origin = new URL(publicUrl).origin;
  const websocketOrigin = origin.replace(/^http/, 'ws');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    `connect-src 'self' ${websocketOrigin}`,
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

interface DeploymentHeaders {
  publicUrl: string;
  secureCookies: boolean;
  headers: Array<[string, string]>;
}

/** Worked out once per settings object, and again only if its URL or cookie setting changes. */
const headersByConfig = new WeakMap<object, DeploymentHeaders>();

function headersFor(config: { publicUrl: string; secureCookies: boolean }): Array<[string, string]> {
  const { publicUrl, secureCookies } = config;
  const known = headersByConfig.get(config);
  if (known?.publicUrl === publicUrl && known.secureCookies === secureCookies) return known.headers;
  const headers: Array<[string, string]> = [
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'same-origin'],
    ['Content-Security-Policy', contentSecurityPolicy(publicUrl)],
  ];
  if (secureCookies) headers.push(['Strict-Transport-Security', 'max-age=31536000']);
  headersByConfig.set(config, { publicUrl, secureCookies, headers });
  return headers;
}

/**
 * Sets them on `res`; every request gets them first thing (middlewares/requestGates.ts), so every answer
 * (errors and files included) carries them.
 */
export function setSecurityHeaders(res: ServerResponse, config: { publicUrl: string; secureCookies: boolean }): void {
  for (const [name, value] of headersFor(config)) res.setHeader(name, value);
}
