/**
 * Signing and verifying webhook deliveries (header format in schemas/webhook.ts). The server
 * signs with `signWebhookBody`; receivers verify with `verifyWebhookSignature`. Built on Web
 * Crypto (global `crypto.subtle`), so the same code runs in Node 20+, browsers and edge runtimes
 * and type-checks in every workspace; hence both functions are async.
 */

/** How far a signature's timestamp may be from the receiver's clock by default (replay window). */
export const DEFAULT_SIGNATURE_TOLERANCE_SECONDS = 300;

const encoder = new TextEncoder();

function hmacKey(secret: string, usage: 'sign' | 'verify') {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

const signedContent = (timestamp: number, body: string) => encoder.encode(`${timestamp}.${body}`);

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** The `X-Formscribe-Signature` value for `body` (the exact text sent) at `timestamp` (unix seconds). */
export async function signWebhookBody(secret: string, body: string, timestamp: number): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), signedContent(timestamp, body));
  const hex = Array.from(new Uint8Array(mac), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `t=${timestamp},v1=${hex}`;
}

/**
 * True when `header` holds a `v1` HMAC-SHA256 of `"<t>.<body>"` under `secret` and `t` is within
 * `toleranceSeconds` of `nowMs`. `body` must be the raw request body, before any JSON parsing.
 * Several `v1=` parts are accepted (any one matching is enough). The comparison is Web Crypto's
 * own `verify`, which does not leak timing.
 */
export async function verifyWebhookSignature(
  secret: string,
  header: string | null | undefined,
  body: string,
  toleranceSeconds = DEFAULT_SIGNATURE_TOLERANCE_SECONDS,
  nowMs = Date.now(),
): Promise<boolean> {
  if (!header) return false;
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d+$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value);
  }
  if (timestamp === undefined || !signatures.length) return false;
  if (Math.abs(nowMs / 1000 - timestamp) > toleranceSeconds) return false;
  const key = await hmacKey(secret, 'verify');
  const content = signedContent(timestamp, body);
  for (const signature of signatures) {
    if (await crypto.subtle.verify('HMAC', key, hexToBytes(signature), content)) return true;
  }
  return false;
}
