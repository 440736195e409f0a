/**
 * The one list of names whose values never reach a log line: query parameters (the request
 * line's `query`), header names, and the keys of any object a line carries. Clients spell a
 * credential every way (`access_token`, `Access-Token`, `accessToken`, `%61ccess_token`), so
 * names are compared after lower-casing and dropping everything but letters and digits.
 *
 * Two kinds of entry, because short words are secrets only on their own:
 * - a fragment marks every name that contains it: `token` covers `access_token`, `id_token`,
 *   `X-Amz-Security-Token`, `hub.verify_token`; `secret` covers `clientSecret`, `client_secret`,
 *   `webhookSecret`; `signature` covers `X-Amz-Signature`, `Stripe-Signature`, `X-Hub-Signature-256`;
 *   `authorization` covers `Proxy-Authorization`; `cookie` covers `Set-Cookie`.
 * - a whole name is secret only as itself: `key` (Google's `?key=`) but not `keyword`, `code`
 *   (an OAuth authorization code) but not `postcode`, `sig` (Azure's SAS) but not `signal`; or as
 *   a part of a bracketed or dotted name (`user[pass]`, `maps.key`).
 *
 * Redacting too much costs a little debugging; too little hands a credential to whoever reads
 * the logs, which are kept longer and read by more people than the database. So when in doubt
 * a name is in.
 */

/** What a secret's value becomes in a log line. */
export const REDACTED = '[redacted]';

const SECRET_NAME_FRAGMENTS = [
  'token', // bearer, access, refresh, id, API and reset tokens
  'secret', // client secrets, webhook signing secrets, secret keys
  'password',
  'passwd',
  'passphrase',
  'apikey', // api_key, x-api-key, apiKey
  'privatekey',
  'accesskey', // AWS-style secret access keys
  'signature', // signed URLs and signed webhook deliveries: a signature replays the request
  'credential',
  'authorization', // Authorization, Proxy-Authorization
  'cookie', // Cookie, Set-Cookie: session cookies
  'session', // session ids wherever they travel
  'jwt',
  'saml', // SAMLResponse, SAMLRequest: signed assertions
] as const;

const SECRET_WHOLE_NAMES = [
  'key',
  'code', // OAuth authorization code, one-time sign-in codes
  'sig',
  'auth',
  'pass',
  'pwd',
  'otp',
  'pin',
  'assertion', // OAuth JWT-bearer and SAML assertions
] as const;

const wholeNames = new Set<string>(SECRET_WHOLE_NAMES);

/** The form in which names are compared: `Access-Token`, `access_token` and `accessToken` are one name. */
function comparableName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * A name made of parts (`user[pass]`, `maps.key`: how qs-style encoders send objects) is secret
 * when one of its parts is a whole secret name; fragments already match inside the whole name.
 */
function hasSecretPart(name: string): boolean {
  return /[[\].]/.test(name) && name.split(/[[\].]+/).some((part) => wholeNames.has(comparableName(part)));
}

/** Decisions already taken: the names a log meets are few, and most lines repeat them. */
const decided = new Map<string, boolean>();
const MAX_REMEMBERED_NAMES = 2000;

/** Whether the value under this name (a query parameter, a header, an object key) is a secret. */
export function isSecretName(name: string): boolean {
  const known = decided.get(name);
  if (known !== undefined) return known;
  const comparable = comparableName(name);
  const secret =
    wholeNames.has(comparable) ||
    SECRET_NAME_FRAGMENTS.some((fragment) => comparable.includes(fragment)) ||
    hasSecretPart(name);
  // Names in query strings are the client's choice: remember a bounded number of them.
  if (decided.size < MAX_REMEMBERED_NAMES) decided.set(name, secret);
  return secret;
}
