import { createHash, randomBytes } from 'node:crypto';

/** A random, URL-safe secret (256 bits). */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as SHA-256 hashes; lookups hash the presented token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
