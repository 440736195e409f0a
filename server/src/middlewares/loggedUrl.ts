/**
 * The form in which a request's URL is logged: secrets that travel in URLs (reset, e-mail
 * verification, invite and unsubscribe tokens) are replaced by [redacted]. Logs are read by more people, and
 * kept longer, than the rows those tokens open.
 */

export const REDACTED = '[redacted]';

/** Every route (API or page) with a secret in its path; `:token` marks the secret segment. */
export const TOKEN_BEARING_ROUTES = [
  '/api/verify-reset-token/:token',
  '/api/entry/:token',
  '/entry/:token',
  '/invite/:token',
  // A progress e-mail's one-click unsubscribe: the page, and the URL mail clients post to.
  '/unsubscribe/:token',
  '/api/unsubscribe/:token',
] as const;

/** Query parameters that carry secrets, wherever they appear (e.g. /api/verify-email?token=). */
const SECRET_QUERY_PARAMETERS = new Set(['token']);

const routeSegments = TOKEN_BEARING_ROUTES.map((route) => route.split('/'));

function decodedLowerCase(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/**
 * The path with the token segments of TOKEN_BEARING_ROUTES replaced. Matched as the router
 * matches (case-insensitively, escapes decoded), and as a prefix, so a longer path hides its
 * token too.
 */
export function redactPath(path: string): string {
  const segments = path.split('/');
  for (const route of routeSegments) {
    if (segments.length < route.length) continue;
    const matches = route.every(
      (part, i) => part.startsWith(':') || decodedLowerCase(segments[i] ?? '') === part.toLowerCase(),
    );
    if (!matches) continue;
    return segments.map((segment, i) => (route[i]?.startsWith(':') ? REDACTED : segment)).join('/');
  }
  return path;
}

/** The raw query string with the value of every secret parameter replaced ('' stays ''). */
export function redactQuery(querystring: string): string {
  if (!querystring) return '';
  return querystring
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return SECRET_QUERY_PARAMETERS.has(decodedLowerCase(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}
