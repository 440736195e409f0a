/**
 * Headers that make the browser enforce what the app expects of itself: only our own scripts,
 * connections (REST and the Socket.IO WebSocket) only to our own origin, no plugins, no framing,
 * no MIME sniffing, no full URLs (with tokens in them) leaking to other sites as Referer.
 *
 * Two kinds of answer get two policies: a document (the client's pages and files, downloads,
 * anything an API route answers other than JSON) gets the whole one; a JSON answer loads nothing
 * and runs nothing, so it gets OWASP's policy for APIs, `default-src 'none'; frame-ancestors
 * 'none'`, which is stricter still and a fifth of the bytes on every API answer.
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

/** The policy of a JSON answer: it may load nothing, and be framed by no page. */
export const JSON_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** What the response is: a document (or file) a browser may show, or a JSON answer of the API. */
export type ResponseKind = 'document' | 'json';

interface DeploymentHeaders {
  publicUrl: string;
  secureCookies: boolean;
  headers: Record<ResponseKind, Array<[string, string]>>;
}

/** Worked out once per settings object, and again only if its URL or cookie setting changes. */
const headersByConfig = new WeakMap<object, DeploymentHeaders>();

function headersFor(
  config: { publicUrl: string; secureCookies: boolean },
  kind: ResponseKind,
): Array<[string, string]> {
  const { publicUrl, secureCookies } = config;
  const known = headersByConfig.get(config);
  if (known?.publicUrl === publicUrl && known.secureCookies === secureCookies) return known.headers[kind];
  const withPolicy = (policy: string): Array<[string, string]> => [
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'same-origin'],
    ['Content-Security-Policy', policy],
    ...(secureCookies ? [['Strict-Transport-Security', 'max-age=31536000'] satisfies [string, string]] : []),
  ];
  const headers = {
    document: withPolicy(contentSecurityPolicy(publicUrl)),
    json: withPolicy(JSON_CONTENT_SECURITY_POLICY),
  };
  headersByConfig.set(config, { publicUrl, secureCookies, headers });
  return headers[kind];
}

/**
 * Sets them on `res`; every request gets them first thing (middlewares/requestGates.ts), so every answer
 * (errors and files included) carries them.
 */
export function setSecurityHeaders(
  res: ServerResponse,
  config: { publicUrl: string; secureCookies: boolean },
  kind: ResponseKind,
): void {
  for (const [name, value] of headersFor(config, kind)) res.setHeader(name, value);
}
