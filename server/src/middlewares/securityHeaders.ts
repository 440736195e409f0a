/**
 * Headers that make the browser enforce what the app expects of itself: only our own scripts,
 * connections (REST and the Socket.IO WebSocket) only to our own origin, no plugins, no framing,
 * no MIME sniffing, no full URLs (with tokens in them) leaking to other sites as Referer.
 */
import type { AppMiddleware } from '../appTypes.ts';

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

const policyByPublicUrl = new Map<string, string>();

export const securityHeaders: AppMiddleware = async (ctx, next) => {
  const { publicUrl, secureCookies } = ctx.deps.config;
  let policy = policyByPublicUrl.get(publicUrl);
  if (policy === undefined) {
    policy = contentSecurityPolicy(publicUrl);
    policyByPublicUrl.set(publicUrl, policy);
  }
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('Referrer-Policy', 'same-origin');
  ctx.set('Content-Security-Policy', policy);
  if (secureCookies) ctx.set('Strict-Transport-Security', 'max-age=31536000');
  await next();
};
