/**
 * The form in which a request's URL is logged: secrets that travel in URLs (reset, e-mail
 * verification, invite and unsubscribe tokens in the path; any query parameter that
 * secretNames.ts names, such as an API client's `?access_token=`) are replaced by [redacted].
 * Logs are read by more people, and kept longer, than the rows those tokens open.
 */
import { API_ROUTES } from '@formscribe/common/api/index';
import { API_TOKEN_PREFIX } from '@formscribe/common/schemas/apiTokens';
import { isSecretName, REDACTED } from '../secretNames.ts';

/** The client's pages with a secret in their path (`:token`), the links mails carry. */
const TOKEN_BEARING_PAGES = ['/entry/:token', '/invite/:token', '/unsubscribe/:token'];

/**
 * Every path with a secret in it, as segments: `:` marks a secret segment, `*` any other
 * parameter. The API's come from its route contracts' `secrets` (common/src/api/).
 */
const routeSegments = [
  ...API_ROUTES.filter((contract) => contract.secrets?.length).map((contract) =>
    contract.path.split('/').map((segment) => {
      const param = /^\{([^}]+)\}$/.exec(segment)?.[1];
      if (param === undefined) return segment;
      return contract.secrets?.includes(param) ? `:${param}` : '*';
    }),
  ),
  ...TOKEN_BEARING_PAGES.map((page) => page.split('/')),
];

function decodedLowerCase(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/**
 * The path with the secret segments of those routes replaced. Matched as the router
 * matches (case-insensitively, escapes decoded), and as a prefix, so a longer path hides its
 * token too. Secrets a client put in the path itself are hidden as well: one of our API tokens
 * as a segment, and secret matrix parameters (`/api/v1/forms;access_token=...`).
 */
export function redactPath(path: string): string {
  const routed = redactTokenRoutes(path);
  // Most paths have neither; the check spares them the split.
  if (!MAY_CARRY_SECRET_SEGMENTS.test(routed)) return routed;
  return routed
    .split('/')
    .map((segment) => {
      if (startsWithApiToken(segment)) return REDACTED;
      const semicolon = segment.indexOf(';');
      return semicolon === -1 ? segment : segment.slice(0, semicolon + 1) + redactPairs(segment.slice(semicolon + 1));
    })
    .join('/');
}

const MAY_CARRY_SECRET_SEGMENTS = new RegExp(`;|%|${API_TOKEN_PREFIX}`, 'i');

function redactTokenRoutes(path: string): string {
  const segments = path.split('/');
  for (const route of routeSegments) {
    if (segments.length < route.length) continue;
    const matches = route.every(
      (part, i) => part.startsWith(':') || part === '*' || decodedLowerCase(segments[i] ?? '') === part.toLowerCase(),
    );
    if (!matches) continue;
    return segments.map((segment, i) => (route[i]?.startsWith(':') ? REDACTED : segment)).join('/');
  }
  return path;
}

/**
 * The raw query string with the value of every secret parameter replaced ('' stays ''). Names
 * are read as the server reads them (escapes decoded), so `%61pi_key` is `api_key`. One of our
 * own API tokens is recognised by its prefix whatever it is called, even as a bare `?fsk_...`.
 */
export function redactQuery(querystring: string): string {
  return querystring ? redactPairs(querystring) : '';
}

/** `name=value` pairs, separated by `&` or by `;` (which some servers and clients still use). */
const PAIRS = /([^&;=]*)(=[^&;]*)?/g;

function redactPairs(text: string): string {
  return text.replace(PAIRS, (pair: string, name: string, value: string | undefined) => {
    if (!pair) return pair;
    if (value === undefined) return startsWithApiToken(name) ? REDACTED : pair;
    const secret = isSecretName(decodedLowerCase(name)) || startsWithApiToken(value.slice(1));
    return secret ? `${name}=${REDACTED}` : pair;
  });
}

/** Only the start is decoded: a prefix escaped as `%66sk_` is still ours. */
function startsWithApiToken(text: string): boolean {
  return decodedLowerCase(text.slice(0, 3 * API_TOKEN_PREFIX.length)).startsWith(API_TOKEN_PREFIX);
}
